import type { Role } from '../../roles';
import { canSeeCosts } from '../redaction';

/**
 * A purchase order as a role may read it. `unitCost` is a cost field the API strips everywhere, but a line's
 * `subtotal` and the order's `total` are quantity × unit cost, so they reveal it too: they leave the API only
 * for roles that may see costs. Every route that answers a purchase order passes it through here.
 */
type Costed = { total?: number; purchaseOrderItems?: ReadonlyArray<{ unitCost?: number; subtotal?: number }> };

export function redactPurchaseOrderCosts<T extends Costed>(order: T, roles: readonly Role[]): T {
  if (canSeeCosts(roles)) return order;
  const { total: _total, ...rest } = order;
  return {
    ...rest,
    ...(order.purchaseOrderItems
      ? { purchaseOrderItems: order.purchaseOrderItems.map(({ unitCost: _c, subtotal: _s, ...line }) => line) }
      : {}),
  } as T;
}
