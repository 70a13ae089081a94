import type { Cents } from '../money';
import type { Role } from '../roles';
import type { Brand } from '../schemas/catalog';
import { stockAgainstLimits, type LimitLine } from './catalog';
import { DEFAULT_PAYMENT_TERMS_DAYS } from './credit-hold';
import { daysSince } from './payments/ageing';
import { periodBounds, periodOf, type PeriodRef } from './payroll/periods';
import type { LimitLevel } from './purchasing/limits';
import { addDays } from './reports/periods';

/**
 * The home page's dashboard (issue 25, section 2): each role's sections, and the small rules that decide what
 * goes in them. Every figure is read by the API (`GET /api/db/reports/dashboard`); these rules only choose.
 */

/** The sections, in the order the home page shows them. */
export const DASHBOARD_SECTIONS = ['business', 'sales', 'deliveries', 'inventory', 'purchasing', 'payroll'] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** The section of each role; ADMIN gets every section (`business`, the month with cost and profit, only it). */
const SECTION_OF: Readonly<Record<Exclude<Role, 'ADMIN'>, DashboardSection>> = {
  SALES: 'sales',
  DRIVER: 'deliveries',
  INVENTORY: 'inventory',
  PURCHASING: 'purchasing',
  PAYROLL: 'payroll',
};

/** The sections a caller with these roles gets, in display order (none without a role). */
export function dashboardSections(roles: readonly Role[]): DashboardSection[] {
  if (roles.includes('ADMIN')) return [...DASHBOARD_SECTIONS];
  const wanted = new Set(roles.map((r) => SECTION_OF[r as Exclude<Role, 'ADMIN'>]));
  return DASHBOARD_SECTIONS.filter((s) => wanted.has(s));
}

/** Whose records a section covers: ADMIN everyone's, anyone else their own (their customers, their deliveries). */
export type DashboardScope = 'own' | 'all';
export const dashboardScope = (roles: readonly Role[]): DashboardScope => (roles.includes('ADMIN') ? 'all' : 'own');

/** How many rows a list of a section shows (the oldest orders, the next purchase orders, ...). */
export const DASHBOARD_LIST_SIZE = 5;

/** A purchase order expected within this many days (or before today) is due. */
export const PURCHASE_DUE_DAYS = 7;

/** The sales report's window for "this month against last month": the first day of last month to today. */
export function lastAndThisMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = month === 1 ? { y: year - 1, m: 12 } : { y: year, m: month - 1 };
  return { from: `${last.y}-${String(last.m).padStart(2, '0')}-01`, to: today };
}

/** Whether an ordered purchase order is late (expected before today), due soon, or neither. */
export function purchaseDue(
  expectedDeliveryOn: string | null | undefined,
  today: string,
  withinDays: number = PURCHASE_DUE_DAYS,
): 'late' | 'soon' | undefined {
  if (!expectedDeliveryOn) return undefined;
  const day = expectedDeliveryOn.slice(0, 10);
  if (day < today) return 'late';
  return day <= addDays(today, withinDays) ? 'soon' : undefined;
}

/** Earliest expected first; orders with no expected date last, then by number. */
export const byExpectedDate = (
  a: { expectedDeliveryOn?: string | null; purchaseOrderNum: string },
  b: { expectedDeliveryOn?: string | null; purchaseOrderNum: string },
): number =>
  (a.expectedDeliveryOn ?? '9999').localeCompare(b.expectedDeliveryOn ?? '9999') ||
  a.purchaseOrderNum.localeCompare(b.purchaseOrderNum, 'en-US', { numeric: true });

/** An order that still owes, as the receivables index holds it. */
export interface OwingOrder {
  orderNum: string;
  customerId: string;
  /** The order date, ISO: its terms run from it. */
  createdAt: string;
  balanceDue: Cents;
}

export interface OverdueCustomerCents {
  customerId: string;
  customerName: string;
  /** What the orders past their terms still owe. */
  amount: Cents;
  /** Days the oldest of them is past its terms. */
  days: number;
  /** How many orders are past their terms. */
  orders: number;
  oldestOrderNum: string;
  paymentTermsDays: number;
}

/**
 * Customers with orders unpaid past their payment terms (default 30 days, as credit holds count them), most
 * days late first. Only the customers given count: the caller passes the ones the viewer may see.
 */
export function overdueCustomers(
  orders: readonly OwingOrder[],
  customers: ReadonlyMap<string, { customerName: string; paymentTermsDays?: number | undefined }>,
  today: string,
): OverdueCustomerCents[] {
  const rows = new Map<string, OverdueCustomerCents & { oldest: string }>();
  for (const o of orders) {
    const customer = customers.get(o.customerId);
    if (!customer || o.balanceDue <= 0) continue;
    const terms = customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
    const late = daysSince(o.createdAt, today) - terms;
    if (late <= 0) continue;
    const row = rows.get(o.customerId) ?? {
      customerId: o.customerId,
      customerName: customer.customerName,
      amount: 0,
      days: 0,
      orders: 0,
      oldestOrderNum: o.orderNum,
      oldest: o.createdAt,
      paymentTermsDays: terms,
    };
    row.amount += o.balanceDue;
    row.orders += 1;
    if (late > row.days) row.days = late;
    if (o.createdAt < row.oldest) {
      row.oldest = o.createdAt;
      row.oldestOrderNum = o.orderNum;
    }
    rows.set(o.customerId, row);
  }
  return [...rows.values()]
    .map(({ oldest: _oldest, ...row }) => row)
    .sort((a, b) => b.days - a.days || b.amount - a.amount || a.customerName.localeCompare(b.customerName, 'en-US'));
}

/** The pay period open today, and the one before it (whose submission payroll may still owe). */
export function payPeriodsAround(today: string): { current: PeriodRef; previous: PeriodRef } {
  const current = periodOf(today);
  return { current, previous: periodOf(addDays(periodBounds(current).first, -1)) };
}

/** A brand's total, one of its types or a type at one weight, with stock below its limit: room to buy. */
export interface UnderLimitLine {
  brandId: string;
  brandName: string;
  level: LimitLevel;
  label: string;
  stock: number;
  limit: number;
  /** Units that fit before the limit. */
  room: number;
}

/** A brand's total, one of its types or a type at one weight that has a limit, against it (stock reports). */
export interface LimitedLine extends UnderLimitLine {
  status: 'over' | 'at' | 'under';
  /** Products counted (those on the menus). */
  products: number;
}

/**
 * Every line of a brand that has a limit (brand, types, weights), as the Inventory overview computes them
 * (`stockAgainstLimits`); `room` is limit − stock (below 0 when over).
 */
export function limitLinesOfBrand(
  brand: Pick<Brand, 'id' | 'name' | 'maxBrandStock' | 'MaxProductStock'>,
  products: Parameters<typeof stockAgainstLimits>[1],
): LimitedLine[] {
  const result = stockAgainstLimits(brand, products);
  const lines: Array<[LimitLevel, LimitLine]> = [
    ['brand', result.brand],
    ...result.types.map((l): [LimitLevel, LimitLine] => ['type', l]),
    ...result.weights.map((l): [LimitLevel, LimitLine] => ['weight', l]),
  ];
  return lines.flatMap(([level, l]) =>
    l.limit === null || l.status === 'none'
      ? []
      : [
          {
            brandId: brand.id,
            brandName: brand.name,
            level,
            label: l.label,
            stock: l.stock,
            limit: l.limit,
            room: l.limit - l.stock,
            status: l.status,
            products: l.products,
          },
        ],
  );
}

/**
 * The lines of a brand under their limits (lines without a limit are not counted), as the Inventory overview
 * computes them (`stockAgainstLimits`), and how many of its lines are over.
 */
export function limitsOfBrand(
  brand: Pick<Brand, 'id' | 'name' | 'maxBrandStock' | 'MaxProductStock'>,
  products: Parameters<typeof stockAgainstLimits>[1],
): { under: UnderLimitLine[]; over: number } {
  const lines = limitLinesOfBrand(brand, products);
  const under = lines
    .filter((l) => l.status === 'under')
    .map(({ status: _s, products: _p, ...line }): UnderLimitLine => line);
  return { under, over: lines.filter((l) => l.status === 'over').length };
}

/** The fullest first (stock ÷ limit, a limit of 0 fullest), then by brand and line. */
export const byFullness = (a: LimitedLine, b: LimitedLine): number =>
  fullness(b) - fullness(a) ||
  a.brandName.localeCompare(b.brandName, 'en-US') ||
  a.label.localeCompare(b.label, 'en-US');
const fullness = (l: LimitedLine) => (l.limit > 0 ? l.stock / l.limit : l.stock > 0 ? Infinity : 1);

/** Most room first (the emptiest shelves), then by brand and line. */
export const byRoom = (a: UnderLimitLine, b: UnderLimitLine): number =>
  b.room - a.room || a.brandName.localeCompare(b.brandName, 'en-US') || a.label.localeCompare(b.label, 'en-US');
