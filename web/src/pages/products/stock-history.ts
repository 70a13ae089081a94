import type { ChangeLogEntry } from '@bo/shared';

export const NO_NOTES = 'No notes provided';

/**
 * What one history row records. Stock moves: the opening stock, manual adjustments, orders consuming it
 * (delivered) or giving it back (cancelled or refunded after delivery, or a return's restocked units), purchase
 * orders received into it. A return's written-off units leave stock as it was. Reservations move only pending
 * outbound: an open order holding units, or letting them go.
 */
export type MovementKind =
  'opening' | 'adjustment' | 'received' | 'sold' | 'returned' | 'writtenOff' | 'reserved' | 'released';

export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  opening: 'Opening stock',
  adjustment: 'Adjustment',
  received: 'Received',
  sold: 'Sold',
  returned: 'Returned',
  writtenOff: 'Written off',
  reserved: 'Reserved',
  released: 'Released',
};

/** Previous and new value of one counter, and the difference. */
export interface Move {
  previous: number | null;
  next: number | null;
  change: number | null;
}

/** The order (sales or purchase) or return whose movement a row records. */
export type MovementOrder = NonNullable<ChangeLogEntry['order']>;

/** A return's entry: its status says whether the units went back into stock or were written off. */
export const WRITTEN_OFF_STATUS = 'WRITTEN_OFF';

export interface StockHistoryRow {
  id: string;
  createdAt: string;
  kind: MovementKind;
  /** The stock move; null when the row moved only pending outbound. */
  stock: Move | null;
  pending: Move | null;
  order?: MovementOrder;
  user: string;
  notes: string;
}

const asNumber = (v: unknown): number | null =>
  typeof v === 'number' ? v : v === null || v === undefined || v === '' ? null : Number(v);

function moveOf(entry: ChangeLogEntry, field: string): Move | null {
  const change = entry.changes.find((c) => c.field === field);
  if (!change) return null;
  const previous = asNumber(change.previousValue);
  const next = asNumber(change.newValue);
  return { previous, next, change: next !== null ? next - (previous ?? 0) : null };
}

function kindOf(entry: ChangeLogEntry, stock: Move | null, pending: Move | null): MovementKind {
  if (!entry.order) return entry.action === 'create' ? 'opening' : 'adjustment';
  if (entry.order.kind === 'purchaseOrder') return 'received';
  if (entry.order.kind === 'return') return entry.order.status === WRITTEN_OFF_STATUS ? 'writtenOff' : 'returned';
  if (stock?.change) return stock.change < 0 ? 'sold' : 'returned';
  return (pending?.change ?? 0) >= 0 ? 'reserved' : 'released';
}

/**
 * The entries (newest first) that moved the product's stock or pending outbound, within [start, end]: manual
 * adjustments and the product's opening stock, and the orders' movements (recorded from the stock ledger). For
 * stock, each row's previous value is the next older stock row's new value.
 */
export function stockHistoryRows(
  entries: readonly ChangeLogEntry[],
  [start, end]: [number, number],
): StockHistoryRow[] {
  return entries.flatMap((entry) => {
    const at = Date.parse(entry.createdAt);
    if (at < start || at > end) return [];
    const stock = moveOf(entry, 'stock');
    const pending = entry.order ? moveOf(entry, 'pendingOutboundQuantity') : null;
    // A write-off leaves stock as it was: its row stays, to say where the units went.
    if (!stock && !pending && entry.order?.kind !== 'return') return [];
    return [
      {
        id: entry.id,
        createdAt: entry.createdAt,
        kind: kindOf(entry, stock, pending),
        stock,
        pending,
        ...(entry.order ? { order: entry.order } : {}),
        user: entry.userName || entry.userId,
        // An order's row carries no note; a return's carries its reason when the entry has one.
        notes: !entry.order
          ? entry.notes?.trim() || NO_NOTES
          : entry.order.kind === 'return'
            ? entry.notes?.trim() || ''
            : '',
      },
    ];
  });
}

export const signed = (n: number | null) => (n === null ? '-' : n > 0 ? `+${n}` : String(n));

/** `DELIVERED` → `Delivered`. */
export const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

/**
 * Where an order opens: its number, or its id while it is a draft (a draft's number changes on submit). A
 * return opens the order it returned goods of.
 */
export const orderHref = (order: Pick<MovementOrder, 'id' | 'orderNum' | 'kind'>) =>
  order.kind === 'purchaseOrder'
    ? `/purchases/${encodeURIComponent(order.orderNum)}`
    : `/orders/${encodeURIComponent(/^\d+$/.test(order.orderNum) ? order.orderNum : order.id)}`;

/** What the order link of a row says: `#1038 Delivered`, `PO #1002 Received`, `#1041 credit note CN-00012`. */
export function orderLinkText(order: MovementOrder): string {
  if (order.kind === 'purchaseOrder') return `PO #${order.orderNum} ${statusLabel(order.status)}`;
  if (order.kind === 'return')
    return `#${order.orderNum} ${order.creditNoteNum ? `credit note ${order.creditNoteNum}` : 'return'}`;
  return `#${order.orderNum} ${statusLabel(order.status)}`;
}
