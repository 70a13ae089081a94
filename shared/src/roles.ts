export const ROLES = ['ADMIN', 'SALES', 'PURCHASING', 'INVENTORY', 'PAYROLL', 'DRIVER'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Admin',
  SALES: 'Sales',
  PURCHASING: 'Purchasing',
  INVENTORY: 'Inventory',
  PAYROLL: 'Payroll',
  DRIVER: 'Driver',
};

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Roles a route admits; `ALL` is every signed-in staff member. */
export type RouteAccess = readonly Role[] | 'ALL';

export const isAllowed = (access: RouteAccess, roles: readonly Role[]): boolean =>
  access === 'ALL' ? roles.length > 0 : roles.some((r) => r === 'ADMIN' || access.includes(r));

/**
 * API Gateway's JWT authorizer flattens array claims into a string such as `[ADMIN SALES]`;
 * tokens read directly carry a real array. Accept both.
 */
export const parseGroupsClaim = (claim: unknown): Role[] => {
  const raw: unknown[] = Array.isArray(claim)
    ? claim
    : typeof claim === 'string'
      ? claim
          .replace(/^\[|\]$/g, '')
          .split(/[\s,]+/)
          .filter(Boolean)
      : [];
  return raw.filter(isRole);
};
