import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableStock,
  canApplyRestock,
  DEFAULT_RESTOCK_MODE,
  fillToQuantity,
  parseItemQuantity,
  parseRestockTarget,
  restockQuantity,
  resultingStock,
  setToQuantity,
} from '../src/index';

describe('Fill To / Set To (spec section 5)', () => {
  it('starts on Fill To', () => expect(DEFAULT_RESTOCK_MODE).toBe('fillTo'));

  it('Fill To orders target − (stock − pending outbound)', () => {
    expect(fillToQuantity(50, { stock: 20, pendingOutboundQuantity: 5 })).toBe(35);
    expect(fillToQuantity(50, { stock: 20 })).toBe(30);
    // Oversold: pending orders need more than the stock, so the shortfall is ordered too.
    expect(fillToQuantity(10, { stock: 2, pendingOutboundQuantity: 7 })).toBe(15);
  });
  it('Fill To never goes below 0', () => {
    expect(fillToQuantity(10, { stock: 40, pendingOutboundQuantity: 5 })).toBe(0);
    expect(fillToQuantity(0, { stock: 1 })).toBe(0);
  });
  it('Set To orders the target whatever the stock', () => {
    expect(setToQuantity(24)).toBe(24);
    expect(restockQuantity('setTo', 24, { stock: 500, pendingOutboundQuantity: 3 })).toBe(24);
    expect(restockQuantity('fillTo', 24, { stock: 20, pendingOutboundQuantity: 3 })).toBe(7);
  });
  it('takes a fractional target down to whole units', () => {
    expect(setToQuantity(12.9)).toBe(12);
    expect(fillToQuantity(12.9, { stock: 2 })).toBe(10);
  });
  it('Fill To is never negative and reaches the target when it orders anything (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -1000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (target, stock, pendingOutboundQuantity) => {
          const q = fillToQuantity(target, { stock, pendingOutboundQuantity });
          expect(q).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(q)).toBe(true);
          const after = resultingStock({ stock, pendingOutboundQuantity }, q);
          if (q > 0) expect(after).toBe(target);
          else expect(after).toBeGreaterThanOrEqual(target);
        },
      ),
    );
  });
});

describe('the quantity box (spec section 5: a non-empty number of at least 0 to apply)', () => {
  it('applies numbers of 0 or more', () => {
    expect(parseRestockTarget('0')).toBe(0);
    expect(parseRestockTarget(' 25 ')).toBe(25);
    expect(parseRestockTarget('2.5')).toBe(2.5);
    expect(parseRestockTarget(40)).toBe(40);
    expect(canApplyRestock('12')).toBe(true);
  });
  it('refuses empty, negative and non-numbers', () => {
    for (const bad of ['', '   ', '-1', 'abc', '1e3', '12abc', null, undefined, -1, Number.NaN, Infinity]) {
      expect(parseRestockTarget(bad)).toBeNull();
      expect(canApplyRestock(bad)).toBe(false);
    }
  });
});

describe('item quantities (spec section 5: integers; empty allowed)', () => {
  it('allows empty while editing', () => expect(parseItemQuantity('  ')).toEqual({ value: null }));
  it('reads whole numbers of 0 or more', () => {
    expect(parseItemQuantity('0')).toEqual({ value: 0 });
    expect(parseItemQuantity('36')).toEqual({ value: 36 });
  });
  it('refuses fractions, negatives and text with a message', () => {
    expect(parseItemQuantity('1.5')).toEqual({ error: 'Quantity must be a whole number' });
    expect(parseItemQuantity('-2')).toEqual({ error: 'Quantity cannot be negative' });
    expect(parseItemQuantity('ten')).toEqual({ error: 'Quantity must be a whole number' });
    expect(parseItemQuantity('99999999999999999999')).toEqual({ error: 'Quantity is too large' });
  });
});

describe('available and resulting stock (spec section 2)', () => {
  it('available = stock − pending orders', () => {
    expect(availableStock({ stock: 120, pendingOutboundQuantity: 45 })).toBe(75);
    expect(availableStock({ stock: 3, pendingOutboundQuantity: 5 })).toBe(-2);
    expect(availableStock({ stock: 8 })).toBe(8);
  });
  it('resulting = available + order quantity; an empty quantity counts 0', () => {
    expect(resultingStock({ stock: 120, pendingOutboundQuantity: 45 }, 25)).toBe(100);
    expect(resultingStock({ stock: 120, pendingOutboundQuantity: 45 }, null)).toBe(75);
  });
});
