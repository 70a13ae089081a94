import type { Role } from '../roles';
import type { FieldChange } from '../schemas/changelog';

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

/**
 * Who sees cost, margin and profit figures: the one rule the API's redaction and every screen that shows
 * them ask (ARCHITECTURE.md, Auth and roles).
 */
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

/** A change value that holds a whole object as JSON text (how the change log stores nested values). */
const parseJsonValue = (value: unknown): unknown => {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

type ChangeValue = FieldChange['newValue'];
const redactValue = (value: ChangeValue, roles: readonly Role[]): ChangeValue => {
  const parsed = parseJsonValue(value);
  return parsed === undefined ? value : JSON.stringify(redactCosts(parsed, roles));
};

/**
 * Change-log entries without cost figures, unless the roles may see them. A change names its field in
 * `field` (or `subfield`, a key of a nested object) and carries the figure in `previousValue`/`newValue`, so
 * `redactCosts` (which looks at keys) cannot see it: the changes of cost fields are dropped, and cost keys
 * inside values held as JSON are stripped.
 */
export function redactChangeCosts<E extends { changes: readonly FieldChange[] }>(
  entries: readonly E[],
  roles: readonly Role[],
): E[] {
  if (canSeeCosts(roles)) return [...entries];
  const isCost = (c: FieldChange) =>
    COST_FIELDS.has(c.field) || (c.subfield !== undefined && COST_FIELDS.has(c.subfield));
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes
      .filter((c) => !isCost(c))
      .map((c) => ({
        ...c,
        ...(c.previousValue === undefined ? {} : { previousValue: redactValue(c.previousValue, roles) }),
        ...(c.newValue === undefined ? {} : { newValue: redactValue(c.newValue, roles) }),
      })),
  }));
}
