import type { PurchaseOrderCreateStatus, PurchaseOrderStatus } from '../../schemas/purchases';

/**
 * Statuses at creation (spec section 4): Save as draft gives DRAFT, Submit gives PENDING, and the payment
 * status takes the same value.
 */
export function creationStatuses(action: 'submit' | 'draft'): {
  orderStatus: PurchaseOrderCreateStatus;
  paymentStatus: PurchaseOrderCreateStatus;
} {
  const status = action === 'submit' ? 'PENDING' : 'DRAFT';
  return { orderStatus: status, paymentStatus: status };
}

/**
 * Statuses whose lines count as "on order" for restocking: sent or about to be sent, not yet received.
 * DRAFT is not on order (nothing has been committed to the brand); RECEIVED, COMPLETED and CANCELLED are no
 * longer on order (receiving stocks every line). A partly received order counts only its unstocked lines.
 */
export const ON_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['PENDING', 'ORDERED'];

/** Units of one purchase order still to arrive for restock purposes, per SKU. */
export function onOrderUnits(order: {
  orderStatus: PurchaseOrderStatus;
  purchaseOrderItems: ReadonlyArray<{ productSku: string; quantity: number; hasBeenStocked: boolean }>;
}): Map<string, number> {
  const units = new Map<string, number>();
  if (!ON_ORDER_STATUSES.includes(order.orderStatus)) return units;
  for (const line of order.purchaseOrderItems) {
    if (line.hasBeenStocked || line.quantity <= 0) continue;
    units.set(line.productSku, (units.get(line.productSku) ?? 0) + line.quantity);
  }
  return units;
}
