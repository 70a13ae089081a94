import { describe, expect, it } from 'vitest';
import type { AccountingExport } from '@bo/shared';
import { changedCount, includedCount, lastMonth } from '../src/pages/accounting/accounting-config';

const exported = (counts: AccountingExport['counts']): AccountingExport => ({
  id: 'e1',
  format: 'xero',
  from: '2026-10-01',
  to: '2026-10-31',
  status: 'DONE',
  createdAt: '2026-11-01T10:00:00.000Z',
  files: [],
  ...(counts ? { counts } : {}),
});

describe('accounting exports page', () => {
  it('offers last month by default, across a year end too', () => {
    expect(lastMonth(new Date('2026-11-27T10:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth(new Date('2027-01-05T10:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth(new Date('2028-03-01T00:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('counts what an export included, and what of it changed since an earlier one', () => {
    const e = exported({
      invoice: { new: 3, changed: 1 },
      payment: { new: 2, changed: 0 },
      creditNote: { new: 0, changed: 2 },
      refund: { new: 1, changed: 0 },
    });
    expect(includedCount(e)).toBe(9);
    expect(changedCount(e)).toBe(3);
    expect(includedCount(exported(undefined))).toBe(0);
  });
});
