import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_OWNER_MESSAGES,
  CREDIT_ADJUSTMENT_MESSAGES,
  accountOwnerChangeRefusal,
  creditAdjustmentRefusal,
} from '../src/index';

// Issue 23: money follows records. A customer's owner and credit are not typed in by whoever edits the customer.

describe("a customer's account owner", () => {
  it('moves only by an ADMIN; a body repeating it, or leaving it out, is fine from anyone', () => {
    expect(accountOwnerChangeRefusal('u-1', 'u-2', ['SALES'])).toBe(ACCOUNT_OWNER_MESSAGES.adminOnly);
    expect(accountOwnerChangeRefusal('u-1', '', ['SALES'])).toBe(ACCOUNT_OWNER_MESSAGES.adminOnly);
    expect(accountOwnerChangeRefusal(undefined, 'u-2', ['SALES', 'PAYROLL'])).toBe(ACCOUNT_OWNER_MESSAGES.adminOnly);
    expect(accountOwnerChangeRefusal('u-1', 'u-2', ['SALES', 'ADMIN'])).toBeUndefined();
    expect(accountOwnerChangeRefusal('u-1', 'u-1', ['SALES'])).toBeUndefined();
    expect(accountOwnerChangeRefusal(undefined, '', ['SALES'])).toBeUndefined();
    expect(accountOwnerChangeRefusal('u-1', undefined, ['SALES'])).toBeUndefined();
  });
});

describe("a customer's available credit typed in by hand", () => {
  it('is an ADMIN’s, with a note; the same figure is no change; a note needs a change', () => {
    expect(creditAdjustmentRefusal(0, 999_999_900, 'mine now', ['SALES'])).toEqual({
      status: 403,
      message: CREDIT_ADJUSTMENT_MESSAGES.adminOnly,
    });
    expect(creditAdjustmentRefusal(0, 1_025, undefined, ['ADMIN'])).toEqual({
      status: 400,
      message: CREDIT_ADJUSTMENT_MESSAGES.noteRequired,
    });
    expect(creditAdjustmentRefusal(0, 1_025, '   ', ['ADMIN'])?.status).toBe(400);
    expect(creditAdjustmentRefusal(0, 1_025, 'Goodwill', ['ADMIN'])).toBeUndefined();
    expect(creditAdjustmentRefusal(1_025, 1_025, undefined, ['SALES'])).toBeUndefined();
    expect(creditAdjustmentRefusal(1_025, undefined, undefined, ['SALES'])).toBeUndefined();
    expect(creditAdjustmentRefusal(1_025, 1_025, 'why', ['ADMIN'])).toEqual({
      status: 400,
      message: CREDIT_ADJUSTMENT_MESSAGES.noteWithoutChange,
    });
  });
});
