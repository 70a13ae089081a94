import type { PurchaseOrderItem, PurchaseOrderStatus } from '../../schemas/purchases';

/**
 * Receiving a purchase order into stock (the spec does not say when a purchase order moves stock).
 *
 * - Moving an order into RECEIVED or COMPLETED receives it: every line not yet `hasBeenStocked` adds its
 *   quantity to its product's stock and is marked stocked, in one transaction whose condition is that the
 *   line is still unstocked. A line is stocked once only, so receiving again (or twice at once) adds nothing.
 * - A per-line receive (partial deliveries) does the same for the lines named.
 * - Cancelling an order with any stocked line is refused: its units are on the shelf, and taking them back
 *   silently would hide a real movement. Stock is corrected with a stock adjustment instead.
 */

export const RECEIVING_STATUSES: readonly PurchaseOrderStatus[] = ['RECEIVED', 'COMPLETED'];
export const isReceivingStatus = (status: PurchaseOrderStatus): boolean => RECEIVING_STATUSES.includes(status);

export type ReceivableLine = Pick<PurchaseOrderItem, 'productSku' | 'quantity' | 'hasBeenStocked'>;

/**
 * The lines a receive adds to stock: not yet stocked, with units, optionally only the SKUs named (a
 * per-line receive). Units per SKU are summed in case a stored order carries a SKU twice.
 */
export function linesToReceive<L extends ReceivableLine>(lines: readonly L[], onlySkus?: readonly string[]): L[] {
  const wanted = onlySkus ? new Set(onlySkus) : null;
  return lines.filter((l) => !l.hasBeenStocked && l.quantity > 0 && (!wanted || wanted.has(l.productSku)));
}

/** Stock to add per SKU for those lines (sorted by SKU). */
export function receivedUnits(lines: readonly ReceivableLine[]): Array<{ sku: string; quantity: number }> {
  const units = new Map<string, number>();
  for (const line of linesToReceive(lines))
    units.set(line.productSku, (units.get(line.productSku) ?? 0) + line.quantity);
  return [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([sku, quantity]) => ({ sku, quantity }));
}

/** A status change receives the order when it moves from a non-receiving status into a receiving one. */
export const statusChangeReceives = (prev: PurchaseOrderStatus, next: PurchaseOrderStatus): boolean =>
  !isReceivingStatus(prev) && isReceivingStatus(next);

export const CANCEL_RECEIVED_MESSAGE =
  'This purchase order has been received into stock and cannot be cancelled. Correct the stock with a stock adjustment instead.';

/** Why this status change is refused, or null. Only cancelling an order with stocked lines is refused. */
export function purchaseStatusChangeRefusal(
  prev: PurchaseOrderStatus,
  next: PurchaseOrderStatus,
  lines: readonly Pick<ReceivableLine, 'hasBeenStocked'>[],
): string | null {
  if (next !== 'CANCELLED' || prev === 'CANCELLED') return null;
  return lines.some((l) => l.hasBeenStocked) ? CANCEL_RECEIVED_MESSAGE : null;
}

/**
 * Why an order in this status cannot be received, or null: a draft was never sent to the brand, and a cancelled
 * order will not arrive. (The receive route refuses them with these messages; the page offers no receive.)
 */
export function purchaseReceiveRefusal(status: PurchaseOrderStatus): string | null {
  if (status === 'DRAFT') return 'A draft purchase order cannot be received; submit it first';
  if (status === 'CANCELLED') return 'A cancelled purchase order cannot be received';
  return null;
}
