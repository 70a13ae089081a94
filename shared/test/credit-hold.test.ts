import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_TERMS_ADMIN_ONLY,
  HOLD_BLOCKS_STATUS,
  creditHoldReason,
  creditTermsRefusal,
  holdStatusRefusal,
  overdueReason,
  overLimitReason,
  owedCeiling,
} from '../src/index';

describe('credit holds at order entry (issue 23, section 2)', () => {
  const limit = { creditLimitCents: 100_000, paymentTermsDays: 30 };

  it('over the limit: what is owed plus this order above the limit; at the limit is fine', () => {
    expect(overLimitReason(limit, 60_000, 40_000)).toBeUndefined();
    expect(overLimitReason(limit, 60_000, 40_001)).toBe(
      'Over the credit limit: $600.00 owed + $400.01 this order is more than the $1,000.00 limit',
    );
    expect(overLimitReason({ creditLimitCents: null }, 9_999_999, 1)).toBeUndefined();
    expect(overLimitReason({}, 9_999_999, 1)).toBeUndefined();
    // A limit of 0 holds every order that costs something, and no $0 order.
    expect(overLimitReason({ creditLimitCents: 0 }, 0, 1)).toBeDefined();
    expect(overLimitReason({ creditLimitCents: 0 }, 0, 0)).toBeUndefined();
  });

  it('past the terms: the oldest unpaid invoice older than the terms (default 30 days)', () => {
    const oldestOpen = { orderNum: '1001', createdAt: '2026-10-01T15:00:00.000Z' };
    expect(overdueReason({}, { owedCents: 1, oldestOpen }, '2026-10-31')).toBeUndefined();
    expect(overdueReason({}, { owedCents: 1, oldestOpen }, '2026-11-01')).toBe(
      'Invoice 1001 is 1 day past its 30-day terms',
    );
    expect(overdueReason({ paymentTermsDays: 15 }, { owedCents: 1, oldestOpen }, '2026-11-01')).toBe(
      'Invoice 1001 is 16 days past its 15-day terms',
    );
    expect(overdueReason({}, { owedCents: 0 }, '2026-11-01')).toBeUndefined();
  });

  it('both reasons together, in that order', () => {
    const exposure = { owedCents: 90_000, oldestOpen: { orderNum: '1001', createdAt: '2026-09-01' } };
    expect(creditHoldReason(limit, exposure, 20_000, '2026-11-27')).toBe(
      'Invoice 1001 is 57 days past its 30-day terms; Over the credit limit: $900.00 owed + $200.00 this order is more than the $1,000.00 limit',
    );
    expect(creditHoldReason({}, { owedCents: 90_000 }, 20_000, '2026-11-27')).toBeUndefined();
    // A write that adds nothing (a $0 order) is never held, even past the terms.
    expect(creditHoldReason(limit, exposure, 0, '2026-11-27')).toBeUndefined();
  });

  it('the server ceiling agrees with the rule: unheld exactly when owed ≤ ceiling', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.integer({ min: 1, max: 1_000_000 }), (lim, owed, order) => {
        const terms = { creditLimitCents: lim };
        expect(overLimitReason(terms, owed, order) === undefined).toBe(owed <= owedCeiling(terms, order)!);
      }),
    );
    expect(owedCeiling({}, 100)).toBeUndefined();
  });

  it('a held order stays at DRAFT or RECEIVED, or is cancelled', () => {
    const hold = { reason: 'Over the credit limit' };
    for (const s of ['DRAFT', 'RECEIVED', 'CANCELLED'] as const) expect(holdStatusRefusal(hold, s)).toBeUndefined();
    for (const s of ['FULFILLMENT', 'PACKED', 'DELIVERED', 'COMPLETED', 'REFUNDED'] as const)
      expect(holdStatusRefusal(hold, s)).toBe(`${HOLD_BLOCKS_STATUS} (Over the credit limit)`);
    expect(holdStatusRefusal(undefined, 'COMPLETED')).toBeUndefined();
  });

  it('only an ADMIN changes the limit or the terms; repeating them is anyone’s', () => {
    const current = { creditLimitCents: 50_000, paymentTermsDays: 30 };
    expect(creditTermsRefusal(current, { creditLimitCents: 50_000, paymentTermsDays: 30 }, ['SALES'])).toBeUndefined();
    expect(creditTermsRefusal(current, { creditLimitCents: 60_000 }, ['SALES'])).toBe(CREDIT_TERMS_ADMIN_ONLY);
    expect(creditTermsRefusal(current, { creditLimitCents: null }, ['SALES'])).toBe(CREDIT_TERMS_ADMIN_ONLY);
    expect(creditTermsRefusal(current, { paymentTermsDays: 45 }, ['SALES'])).toBe(CREDIT_TERMS_ADMIN_ONLY);
    expect(creditTermsRefusal(current, { creditLimitCents: null, paymentTermsDays: 45 }, ['ADMIN'])).toBeUndefined();
    expect(creditTermsRefusal({ paymentTermsDays: 30 }, { creditLimitCents: null }, ['SALES'])).toBeUndefined();
  });
});
