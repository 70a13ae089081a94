import type { OrderStatus } from '../../schemas/orders';
import { cellId, isCountedSale, type Counters } from './sales';

/**
 * Receivables over time (issue 25): days sales outstanding by month. The stream keeps, per month and in all,
 * what was invoiced (counted orders: subtotal less discount, on the day they were made), received (payments
 * applied to orders, on their payment day, voided ones not) and credited (returns, on the day they were made).
 * What was owed at a month's end is what is owed in all less every later month's net; so a year of DSO reads
 * the year's months, the months since and one total, never the orders.
 */

/** What a month (or the whole) moved receivables by, in cents. */
export interface ReceivableMoves {
  invoiced: number;
  received: number;
  credited: number;
}

export interface ReceivableMonth extends ReceivableMoves {
  month: string;
  /** Owed at the month's end. */
  balance: number;
  /** Days sales outstanding: balance ÷ invoiced × days in the month; null when nothing was invoiced. */
  dso: number | null;
}

export const netOf = (m: ReceivableMoves): number => m.invoiced - m.received - m.credited;

const daysIn = (month: string): number => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/**
 * DSO of each month in `months` (ascending, consecutive) from the total of everything (`all`) and the moves of
 * every month after the first one asked for up to now (`moves`, keyed YYYY-MM; missing months moved nothing).
 * `through` is the last month that has moves (the current month).
 */
export function dsoByMonth(
  months: readonly string[],
  all: ReceivableMoves,
  moves: ReadonlyMap<string, ReceivableMoves>,
  later: readonly string[],
): ReceivableMonth[] {
  const none: ReceivableMoves = { invoiced: 0, received: 0, credited: 0 };
  // Owed at the end of the last month asked for: everything less what the months after it moved.
  let balance = later.reduce((owed, month) => owed - netOf(moves.get(month) ?? none), netOf(all));
  const out: ReceivableMonth[] = [];
  for (let i = months.length - 1; i >= 0; i--) {
    const month = months[i]!;
    const m = moves.get(month) ?? none;
    const dso = m.invoiced > 0 ? Math.round((balance / m.invoiced) * daysIn(month) * 10) / 10 : null;
    out.push({ month, ...m, balance, dso });
    balance -= netOf(m);
  }
  return out.reverse();
}

/* ---------- Cells: what each record adds ---------- */

/** The month of the receivables' running total cell (every record adds to its month's cell and to this one). */
export const RECEIVABLES_TOTAL = 'all';

/** Counter names: `i` invoiced, `p` received (paid), `k` credited, in cents. */
export const receivableCellId = (month: string): string =>
  cellId({ month, scope: 'receivables', gran: 'M', key: '*', slot: '-' });

const cellsOf = (day: string, counters: Counters): Map<string, Counters> => {
  const kept = Object.fromEntries(Object.entries(counters).filter(([, v]) => v !== 0));
  if (!Object.keys(kept).length) return new Map();
  return new Map([
    [receivableCellId(day.slice(0, 7)), kept],
    [receivableCellId(RECEIVABLES_TOTAL), { ...kept }],
  ]);
};

/** An order invoices its subtotal less its discount on the day it was made, unless it is a draft or cancelled. */
export const orderReceivableCells = (o: {
  orderStatus: OrderStatus;
  createdAt: string;
  subtotalCents: number;
  discountCents: number;
}): Map<string, Counters> =>
  isCountedSale(o.orderStatus) ? cellsOf(o.createdAt, { i: o.subtotalCents - o.discountCents }) : new Map();

/** A payment receives what it applied to orders, on its payment day; a voided one nothing. */
export const paymentReceivableCells = (p: {
  paymentDate: string;
  applied: ReadonlyArray<{ amountCents: number }>;
  voidedOn?: string;
}): Map<string, Counters> =>
  p.voidedOn ? new Map() : cellsOf(p.paymentDate, { p: p.applied.reduce((s, a) => s + a.amountCents, 0) });

/** A return credits what it applied to its order (the rest went to credit or back), on the day it was made. */
export const returnReceivableCells = (r: { createdAt: string; appliedToOrderCents: number }): Map<string, Counters> =>
  cellsOf(r.createdAt, { k: r.appliedToOrderCents });

/** A cell's counters as moves. */
export const receivableMovesOf = (c: Readonly<Record<string, unknown>> | undefined): ReceivableMoves => ({
  invoiced: typeof c?.i === 'number' ? c.i : 0,
  received: typeof c?.p === 'number' ? c.p : 0,
  credited: typeof c?.k === 'number' ? c.k : 0,
});
