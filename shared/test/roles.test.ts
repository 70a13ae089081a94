import { describe, expect, it } from 'vitest';
import { isAllowed, parseGroupsClaim, ROLES } from '../src/roles';
import { mayPriceOnCost } from '../src/rules/pricing';
import { canSeeCosts, COST_VIEWER_ROLES, redactCosts } from '../src/rules/redaction';

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

  it('shows costs to ADMIN, PURCHASING and PAYROLL only: the one rule of the API and every screen', () => {
    expect(ROLES.filter((role) => canSeeCosts([role]))).toEqual(['ADMIN', 'PURCHASING', 'PAYROLL']);
    expect(COST_VIEWER_ROLES).toEqual(['ADMIN', 'PURCHASING', 'PAYROLL']);
    expect(canSeeCosts(['DRIVER', 'PAYROLL'])).toBe(true);
    expect(canSeeCosts(['SALES', 'INVENTORY', 'DRIVER'])).toBe(false);
    expect(canSeeCosts([])).toBe(false);
    // Pricing on cost is the same rule, not a second list.
    expect(mayPriceOnCost).toBe(canSeeCosts);
  });

  it('redacts exactly for the roles that may not see costs', () => {
    const figures = { subtotal: 100, cost: 60, margin: 0.4, profit: 40 };
    for (const role of ROLES)
      expect(redactCosts(figures, [role]), role).toEqual(canSeeCosts([role]) ? figures : { subtotal: 100 });
  });
});
