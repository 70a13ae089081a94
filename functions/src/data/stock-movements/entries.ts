import { createHash } from 'node:crypto';
import type { FieldChange } from '@bo/shared';
import type { ChangeLogItem } from '../change-log/entity';
import type { LedgerCause } from '../stock-ledger/cause';

/** How one product's counters moved in one ledger write: [previous, new] of stock and of pending outbound. */
export interface ProductMovement {
  productId: string;
  stock?: readonly [number, number];
  pending?: readonly [number, number];
}

/**
 * The entry's id: a UUID-shaped hash of the move and the product. With the move's time as `createdAt`, the
 * entry's key is the same however often it is derived, so a retried stream batch (or a re-run seeder) finds
 * it written and adds nothing.
 */
export function movementEntryId(move: string, productId: string): string {
  const h = createHash('sha1').update(`${move}\u0000${productId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const change = (name: string, field: string, [previousValue, newValue]: readonly [number, number]): FieldChange => ({
  name,
  field,
  action: 'update',
  previousValue,
  newValue,
});

const notesOf = ({ order, writeOffs }: LedgerCause, productId: string): string => {
  if (order.kind === 'purchaseOrder') return `Purchase order #${order.orderNum} ${order.status}`;
  if (order.kind !== 'return') return `Order #${order.orderNum} ${order.status}`;
  const off = writeOffs?.[productId];
  return `Return ${order.creditNoteNum ?? ''} of order #${order.orderNum}: ${off ? `${off} written off` : 'back in stock'}`;
};

/** The product's change-log entry for one movement: stock and/or pending outbound, by whom, for which order. */
export const movementEntry = (cause: LedgerCause, movement: ProductMovement): ChangeLogItem => ({
  id: movementEntryId(cause.move, movement.productId),
  entityType: 'product',
  entityId: movement.productId,
  action: 'update',
  userId: cause.userId,
  ...(cause.userName ? { userName: cause.userName } : {}),
  createdAt: cause.at,
  notes: notesOf(cause, movement.productId),
  changes: [
    ...(movement.stock ? [change('Stock', 'stock', movement.stock)] : []),
    ...(movement.pending ? [change('Pending outbound', 'pendingOutboundQuantity', movement.pending)] : []),
  ],
  order: cause.order,
});
