import type { Role } from '../../roles';
import { ORDER_READERS } from '../../routes/catalog-roles';
import type { OrderStatus, PaymentStatus } from '../../schemas/orders';

/**
 * Who may read a sales order and which status changes a driver may make (spec: drivers see their own
 * deliveries and mark them delivered). The routes admit the roles; these rules narrow what a caller who is
 * only a driver gets of an order. The API enforces them; the web uses them to show what a role may do.
 */

/** The signed-in person (the API's caller, the web's session user). ADMIN counts as every role. */
export interface OrderViewer {
  userId: string;
  roles: readonly Role[];
  isAdmin?: boolean;
}

/** Reads orders only as a driver: DRIVER, and no order-reading role (SALES, PURCHASING, INVENTORY) nor ADMIN. */
export const isDriverOnly = (viewer: OrderViewer): boolean =>
  !(viewer.isAdmin || viewer.roles.includes('ADMIN')) &&
  viewer.roles.includes('DRIVER') &&
  !viewer.roles.some((r) => ORDER_READERS.includes(r));

/** Every viewer a route admits reads any order, except a driver-only viewer: their own deliveries only. */
export const canReadOrder = (viewer: OrderViewer, order: { driverId?: string | null }): boolean =>
  !isDriverOnly(viewer) || order.driverId === viewer.userId;

/** The order statuses a driver-only viewer may set (on an order they can read); never a payment status. */
export const DRIVER_ORDER_STATUSES: readonly OrderStatus[] = ['DELIVERED'];

export const DRIVER_STATUS_REFUSAL = 'A driver can only mark a delivery DELIVERED';

/** Why the viewer may not make this status change (undefined: they may, on an order they can read). */
export function statusChangeRefusal(
  viewer: OrderViewer,
  change: { orderStatus?: OrderStatus; paymentStatus?: PaymentStatus },
): string | undefined {
  if (!isDriverOnly(viewer)) return undefined;
  const allowed =
    change.orderStatus !== undefined &&
    DRIVER_ORDER_STATUSES.includes(change.orderStatus) &&
    change.paymentStatus === undefined;
  return allowed ? undefined : DRIVER_STATUS_REFUSAL;
}
