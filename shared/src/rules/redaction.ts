import type { Role } from '../roles';

/** Roles that may see cost, margin and profit figures (ARCHITECTURE.md, Auth and roles). */
export const COST_VIEWER_ROLES: readonly Role[] = ['ADMIN', 'PURCHASING', 'PAYROLL'];

/** Field names that carry cost, margin or profit, wherever they appear in a response. */
export const COST_FIELDS: ReadonlySet<string> = new Set([
  'cost',
  'productCost',
  'unitCost',
  'adjustedCost',
  'margin',
  'profit',
  'grossProfit',
  'netProfit',
  'totalCost',
]);

export const canSeeCosts = (roles: readonly Role[]): boolean => roles.some((r) => COST_VIEWER_ROLES.includes(r));

/** A deep copy of `value` without cost fields, unless the roles may see them. */
export function redactCosts<T>(value: T, roles: readonly Role[]): T {
  if (canSeeCosts(roles)) return value;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) if (!COST_FIELDS.has(k)) out[k] = strip(inner);
      return out;
    }
    return v;
  };
  return strip(value) as T;
}
