import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineSubtotal, normalizeDiscount, orderTotals, priceAdjustmentOf, totalsToWire } from '../src/index';

describe('discount (spec section 5)', () => {
  it('turns a non-number into null', () => {
    for (const bad of ['', '  ', 'abc', '12abc', '1.2.3', '-', null, undefined, Number.NaN])
      expect(normalizeDiscount(bad, 10_000)).toBeNull();
  });
  it('turns a negative into 0', () => {
    expect(normalizeDiscount('-5', 10_000)).toBe(0);
    expect(normalizeDiscount(-0.01, 10_000)).toBe(0);
  });
  it('caps anything above the cart subtotal at that subtotal', () => {
    expect(normalizeDiscount('150', 10_000)).toBe(10_000);
    expect(normalizeDiscount(100.01, 10_000)).toBe(10_000);
    expect(normalizeDiscount('5', 0)).toBe(0);
  });
  it('reads dollars into cents, allowing currency formatting', () => {
    expect(normalizeDiscount('12.345', 10_000)).toBe(1235);
    expect(normalizeDiscount('$1,250.50', 500_000)).toBe(125_050);
    expect(normalizeDiscount('.5', 10_000)).toBe(50);
  });
});

describe('totals', () => {
  const lines = [
    { quantity: 3, unitPrice: 12.5, productCost: 6.1 },
    { quantity: 2, unitPrice: 0.99, productCost: 0.33 },
    { quantity: 1, unitPrice: 40 },
  ];
  it('adds quantity × unit price per line; cost is productCost × quantity (missing cost counts 0)', () => {
    expect(lineSubtotal(lines[0]!)).toBe(37.5);
    expect(orderTotals(lines)).toEqual({
      unitQuantity: 6,
      subtotal: 7948,
      cost: 1896,
      discount: 0,
      total: 7948,
      balanceDue: 7948,
    });
  });
  it('takes the discount off the subtotal, re-capped, and payments off the balance (never below 0)', () => {
    expect(orderTotals(lines, { discount: 948, paid: 2000 })).toMatchObject({ total: 7000, balanceDue: 5000 });
    expect(orderTotals(lines, { discount: 99_999 })).toMatchObject({ discount: 7948, total: 0 });
    expect(orderTotals(lines, { discount: null, paid: 99_999 })).toMatchObject({ total: 7948, balanceDue: 0 });
  });
  it('speaks dollars on the wire, the discount as dollarAdjustment', () => {
    expect(totalsToWire(orderTotals(lines, { discount: 948 }))).toEqual({
      unitQuantity: 6,
      subtotal: 79.48,
      cost: 18.96,
      dollarAdjustment: 9.48,
      total: 70,
      balanceDue: 70,
    });
  });
  it('records the price adjustment as the difference from the base price', () => {
    expect(priceAdjustmentOf(17.5, 20)).toBe(-2.5);
    expect(priceAdjustmentOf(20.1, 20)).toBe(0.1);
  });
  it('always adds up: subtotal − discount = total, in whole cents', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ quantity: fc.integer({ min: 0, max: 500 }), unitPrice: fc.integer({ min: 0, max: 99_999 }) }),
          { maxLength: 30 },
        ),
        fc.option(fc.integer({ min: -1000, max: 2_000_000 })),
        (cents, discount) => {
          const priced = cents.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice / 100 }));
          const t = orderTotals(priced, { discount });
          expect(t.subtotal).toBe(cents.reduce((s, l) => s + l.quantity * l.unitPrice, 0));
          expect(Number.isInteger(t.total)).toBe(true);
          expect(t.discount).toBeGreaterThanOrEqual(0);
          expect(t.discount).toBeLessThanOrEqual(t.subtotal);
          expect(t.total + t.discount).toBe(t.subtotal);
        },
      ),
    );
  });
});
