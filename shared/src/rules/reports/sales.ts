import type { OrderStatus } from '../../schemas/orders';
import type { CustomerType } from '../../schemas/customers';

/**
 * What an order adds to the sales report (issue 25): its revenue, units and cost by brand and product type,
 * on the day it was made, under its rep, customer and customer type. The stream consumer keeps the report's
 * figures as the sum of every order's `saleCells`, so this one function is what the report means.
 */

export const SALES_DIMENSIONS = ['rep', 'customer', 'customerType', 'brand', 'productType'] as const;
export type SalesDimension = (typeof SALES_DIMENSIONS)[number];

/** The rep key of orders placed without an account owner. */
export const NO_REP = '-';

/** Orders the report counts: every status but DRAFT and CANCELLED (returns reduce what an order counts for). */
export const isCountedSale = (status: OrderStatus): boolean => status !== 'DRAFT' && status !== 'CANCELLED';

export interface SaleLineInput {
  id: string;
  brandId: string;
  type: string;
  quantity: number;
  priceCents: number;
  costCents?: number;
}

export interface OrderSaleInput {
  orderStatus: OrderStatus;
  createdAt: string;
  customerID: string;
  accountOwnerID?: string;
  discountCents: number;
  /** Units returned per line id. */
  returnedLines?: Record<string, number>;
  lines: readonly SaleLineInput[];
}

export interface SalePart {
  brand: string;
  productType: string;
  revenueCents: number;
  units: number;
  costCents: number;
}

export interface OrderSale {
  day: string;
  rep: string;
  customer: string;
  customerType: string;
  parts: SalePart[];
}

/** Splits `total` over weights in proportion, in whole cents that add up to it (largest remainder). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map((r) => Math.trunc(r));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, rest: Math.abs(r - Math.trunc(r)) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left !== 0 && k < order.length; k++) {
    const step = Math.sign(left);
    out[order[k]!.i]! += step;
    left -= step;
  }
  return out;
}

/**
 * The sale an order counts for, or undefined when it counts for nothing (a draft, a cancelled order, or one
 * whose lines are all of excluded brands or all returned). Revenue is what the kept units sold for less their
 * share of the order's discount; cost is the kept units at the cost each line recorded.
 */
export function saleOf(
  order: OrderSaleInput,
  customerType: CustomerType | string,
  excludedBrands: ReadonlySet<string> = new Set(),
): OrderSale | undefined {
  if (!isCountedSale(order.orderStatus)) return undefined;
  const kept = order.lines.map((l) => Math.max(0, l.quantity - (order.returnedLines?.[l.id] ?? 0)));
  const gross = order.lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
  const keptGross = order.lines.map((l, i) => kept[i]! * l.priceCents);
  const keptSum = keptGross.reduce((a, b) => a + b, 0);
  const discount = gross === 0 ? 0 : Math.round((order.discountCents * keptSum) / gross);
  const shares = allocate(discount, keptGross);
  const parts = new Map<string, SalePart>();
  order.lines.forEach((line, i) => {
    if (excludedBrands.has(line.brandId) || kept[i] === 0) return;
    const key = `${line.brandId}\u0000${line.type}`;
    const part = parts.get(key) ?? {
      brand: line.brandId,
      productType: line.type,
      revenueCents: 0,
      units: 0,
      costCents: 0,
    };
    part.revenueCents += keptGross[i]! - shares[i]!;
    part.units += kept[i]!;
    part.costCents += kept[i]! * (line.costCents ?? 0);
    parts.set(key, part);
  });
  if (parts.size === 0) return undefined;
  return {
    day: order.createdAt.slice(0, 10),
    rep: order.accountOwnerID || NO_REP,
    customer: order.customerID,
    customerType,
    parts: [...parts.values()],
  };
}

/* ---------- Cells: how the figures are stored ---------- */

/**
 * Every scope a cell can have: 'all' or a sales dimension; the purchasing figures' `purchases` and
 * `purchaseBrand`, the receivables' `receivables` (whose running total's shards have months of their own, `all-NN`).
 * A month's cells are one partition per scope, so these are what a walk over a month's cells reads.
 */
export const CELL_SCOPES = ['all', ...SALES_DIMENSIONS, 'purchases', 'purchaseBrand', 'receivables'] as const;

/** Where a cell lives: a month, the dimension it is scoped to ('all' for the whole), per day (D) or month (M). */
export interface CellAddress {
  month: string;
  scope: (typeof CELL_SCOPES)[number];
  gran: 'D' | 'M';
  /** The scope's value ('*' for all). */
  key: string;
  /** The day of the month (DD) of a day cell; '-' for a month cell. */
  slot: string;
}

export type Counters = Record<string, number>;

/** Counter names: totals are `r`, `u`, `c`, `n` (revenue, units, cost in cents, orders); a split's are `dim|key|r`. */
export const MEASURES = ['r', 'u', 'c', 'n'] as const;
export const splitCounter = (dimension: SalesDimension, key: string, measure: (typeof MEASURES)[number]) =>
  `${dimension}|${key}|${measure}`;

export const cellId = (a: CellAddress): string => [a.month, a.scope, a.gran, a.key, a.slot].join('\u0001');
export const cellAddressOf = (id: string): CellAddress => {
  const [month, scope, gran, key, slot] = id.split('\u0001') as [
    string,
    CellAddress['scope'],
    'D' | 'M',
    string,
    string,
  ];
  return { month, scope, gran, key, slot };
};

/** The splits a scope's cells carry: what "filter by the scope, group by this" reads (customers have cells of their own). */
export const splitsOf = (scope: SalesDimension | 'all'): SalesDimension[] =>
  scope === 'all' ? [] : SALES_DIMENSIONS.filter((d) => d !== scope && d !== 'customer');

function addParts(counters: Counters, prefix: (m: string) => string, parts: readonly SalePart[]) {
  const sum = (m: string, v: number) => {
    if (v !== 0) counters[prefix(m)] = (counters[prefix(m)] ?? 0) + v;
  };
  for (const p of parts) {
    sum('r', p.revenueCents);
    sum('u', p.units);
    sum('c', p.costCents);
  }
  counters[prefix('n')] = (counters[prefix('n')] ?? 0) + 1;
}

/** The value of a dimension for one part of a sale. */
const valueOf = (sale: OrderSale, part: SalePart, dimension: SalesDimension): string =>
  dimension === 'brand' ? part.brand : dimension === 'productType' ? part.productType : sale[dimension];

/** Every cell counter a sale adds to: the whole, and each value of each dimension it has, per day and per month. */
export function saleCells(sale: OrderSale | undefined): Map<string, Counters> {
  const cells = new Map<string, Counters>();
  if (!sale) return cells;
  const month = sale.day.slice(0, 7);
  const scopes: Array<{ scope: SalesDimension | 'all'; key: string; parts: SalePart[] }> = [
    { scope: 'all', key: '*', parts: sale.parts },
  ];
  for (const dimension of SALES_DIMENSIONS) {
    const byKey = new Map<string, SalePart[]>();
    for (const part of sale.parts) {
      const key = valueOf(sale, part, dimension);
      byKey.set(key, [...(byKey.get(key) ?? []), part]);
    }
    for (const [key, parts] of byKey) scopes.push({ scope: dimension, key, parts });
  }
  for (const { scope, key, parts } of scopes) {
    const counters: Counters = {};
    addParts(counters, (m) => m, parts);
    for (const split of splitsOf(scope)) {
      const bySplit = new Map<string, SalePart[]>();
      for (const part of parts) {
        const value = valueOf(sale, part, split);
        bySplit.set(value, [...(bySplit.get(value) ?? []), part]);
      }
      for (const [value, inSplit] of bySplit) addParts(counters, (m) => `${split}|${value}|${m}`, inSplit);
    }
    for (const [gran, slot] of [
      ['D', sale.day.slice(8, 10)],
      ['M', '-'],
    ] as const)
      cells.set(cellId({ month, scope, gran, key, slot }), { ...counters });
  }
  return cells;
}

/** What turns the cells `before` into `after`: per cell, the counters that change (cells with no change left out). */
export function cellDelta(
  before: ReadonlyMap<string, Counters>,
  after: ReadonlyMap<string, Counters>,
): Map<string, Counters> {
  const delta = new Map<string, Counters>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(id) ?? {};
    const b = after.get(id) ?? {};
    const change: Counters = {};
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = (b[name] ?? 0) - (a[name] ?? 0);
      if (d !== 0) change[name] = d;
    }
    if (Object.keys(change).length) delta.set(id, change);
  }
  return delta;
}

/** Adds counters into a running sum (the consumer's per-batch merge, the report's per-period sum). */
export function addCounters(into: Counters, more: Readonly<Counters>): Counters {
  for (const [name, value] of Object.entries(more)) into[name] = (into[name] ?? 0) + value;
  return into;
}
