import type { OrderStatus } from '../../schemas/orders';
import { cellId, isCountedSale, type Counters } from './sales';

/**
 * Receivables over time (issue 25): days sales outstanding by month. The stream keeps, per month and in all,
 * what was invoiced (counted orders: subtotal less discount, on the day they were made), received (payments
 * applied to orders, on their payment day, voided ones not) and credited (returns, on the day they were made).
 * What was owed at a month's end is what is owed in all less every later month's net; so a year of DSO reads
 * the year's months, the months since and the running total (its shards), never the orders.
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

/** Moves added up (the running total's shards into the total). */
export const sumMoves = (moves: readonly ReceivableMoves[]): ReceivableMoves =>
  moves.reduce(
    (sum, m) => ({
      invoiced: sum.invoiced + m.invoiced,
      received: sum.received + m.received,
      credited: sum.credited + m.credited,
    }),
    { invoiced: 0, received: 0, credited: 0 },
  );

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

/**
 * The month of the one running-total cell of figures built before the total was split (FIGURES_KIND below 3 in
 * the report state): a report of such figures reads it beside the shards (receivable-reads.ts).
 */
export const RECEIVABLES_TOTAL = 'all';

/**
 * The running total is split into this many cells, each in a partition of its own (month `all-00` … `all-15`):
 * every order, payment and return adds to its month's cell and to one shard of the total, chosen from its id, so
 * the sales and receivables consumers (and the Lambdas of several stream shards) do not all write one item. A
 * report reads every shard in the BatchGet that reads its months, and adds them up.
 */
export const RECEIVABLES_TOTAL_SHARDS = 16;

/** 32-bit FNV-1a of a string's UTF-16 code units: a stable spread of ids, the same in every runtime. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash >>> 0;
}

/** The shard of the running total a record adds to: its id's hash modulo the number of shards. */
export const receivablesTotalShard = (recordId: string): number => fnv1a32(recordId) % RECEIVABLES_TOTAL_SHARDS;

/** The month of a shard of the running total (`all-07`). */
export const receivablesTotalMonth = (shard: number): string =>
  `${RECEIVABLES_TOTAL}-${String(shard).padStart(2, '0')}`;

/** The months of every shard of the running total, in order. */
export const RECEIVABLES_TOTAL_MONTHS: readonly string[] = Array.from(
  { length: RECEIVABLES_TOTAL_SHARDS },
  (_, shard) => receivablesTotalMonth(shard),
);

/** Counter names: `i` invoiced, `p` received (paid), `k` credited, in cents. */
export const receivableCellId = (month: string): string =>
  cellId({ month, scope: 'receivables', gran: 'M', key: '*', slot: '-' });

const cellsOf = (recordId: string, day: string, counters: Counters): Map<string, Counters> => {
  const kept = Object.fromEntries(Object.entries(counters).filter(([, v]) => v !== 0));
  if (!Object.keys(kept).length) return new Map();
  return new Map([
    [receivableCellId(day.slice(0, 7)), kept],
    [receivableCellId(receivablesTotalMonth(receivablesTotalShard(recordId))), { ...kept }],
  ]);
};

/** An order invoices its subtotal less its discount on the day it was made, unless it is a draft or cancelled. */
export const orderReceivableCells = (o: {
  orderId: string;
  orderStatus: OrderStatus;
  createdAt: string;
  subtotalCents: number;
  discountCents: number;
}): Map<string, Counters> =>
  isCountedSale(o.orderStatus) ? cellsOf(o.orderId, o.createdAt, { i: o.subtotalCents - o.discountCents }) : new Map();

/** A payment receives what it applied to orders, on its payment day; a voided one nothing. */
export const paymentReceivableCells = (p: {
  paymentId: string;
  paymentDate: string;
  applied: ReadonlyArray<{ amountCents: number }>;
  voidedOn?: string;
}): Map<string, Counters> =>
  p.voidedOn ? new Map() : cellsOf(p.paymentId, p.paymentDate, { p: p.applied.reduce((s, a) => s + a.amountCents, 0) });

/** A return credits what it applied to its order (the rest went to credit or back), on the day it was made. */
export const returnReceivableCells = (r: {
  returnId: string;
  createdAt: string;
  appliedToOrderCents: number;
}): Map<string, Counters> => cellsOf(r.returnId, r.createdAt, { k: r.appliedToOrderCents });

/** A cell's counters as moves. */
export const receivableMovesOf = (c: Readonly<Record<string, unknown>> | undefined): ReceivableMoves => ({
  invoiced: typeof c?.i === 'number' ? c.i : 0,
  received: typeof c?.p === 'number' ? c.p : 0,
  credited: typeof c?.k === 'number' ? c.k : 0,
});
