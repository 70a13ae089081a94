import { describe, expect, it } from 'vitest';
import { isAllowed, parseGroupsClaim } from '../src/roles';
import { redactCosts } from '../src/rules/redaction';

describe('roles', () => {
  it('reads the groups claim as API Gateway flattens it and as the token carries it', () => {
    expect(parseGroupsClaim('[ADMIN SALES]')).toEqual(['ADMIN', 'SALES']);
    expect(parseGroupsClaim('[DRIVER]')).toEqual(['DRIVER']);
    expect(parseGroupsClaim(['PAYROLL', 'bogus'])).toEqual(['PAYROLL']);
    expect(parseGroupsClaim(undefined)).toEqual([]);
    expect(parseGroupsClaim('[]')).toEqual([]);
  });

  it('admits ADMIN everywhere, listed roles where listed, and nobody without a role', () => {
    expect(isAllowed(['SALES'], ['ADMIN'])).toBe(true);
    expect(isAllowed(['SALES'], ['DRIVER', 'SALES'])).toBe(true);
    expect(isAllowed(['SALES'], ['DRIVER'])).toBe(false);
    expect(isAllowed('ALL', ['DRIVER'])).toBe(true);
    expect(isAllowed('ALL', [])).toBe(false);
  });

  it('strips cost figures for roles that may not see them, at any depth', () => {
    const order = { total: 100, cost: 60, items: [{ productCost: 3, unitPrice: 5 }] };
    expect(redactCosts(order, ['SALES'])).toEqual({ total: 100, items: [{ unitPrice: 5 }] });
    expect(redactCosts(order, ['PURCHASING'])).toBe(order);
  });
});
