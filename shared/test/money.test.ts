import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanPriceString, formatUsd, toCents, toDollars } from '../src/money';

describe('money', () => {
  it('rounds half away from zero at the cent', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('round-trips whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        expect(toCents(toDollars(cents))).toBe(cents);
      }),
    );
  });

  it('formats en-US dollars and cleans typed prices', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(cleanPriceString('$1,234.50 ')).toBe('1234.50');
    expect(cleanPriceString('-$3')).toBe('-3');
  });
});
