import type { Role } from '../../roles';
import { ORDER_READERS, ORDER_WRITERS } from '../../role-matrix';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '../../schemas/orders';
import { RESERVING_STATUSES } from './stock-effects';

/**
 * Who may read a sales order and which statuses they may set on it through `orders/setStatus` (spec: drivers
 * see their own deliveries and mark them delivered; ARCHITECTURE.md's matrix: inventory "r + status",
 * payments are sales'). The routes admit the roles; these rules narrow what each caller gets of an order.
 * The API enforces them; the web offers exactly what they allow, so the two cannot drift.
 */

/** The signed-in person (the API's caller, the web's session user). ADMIN counts as every role. */
export interface OrderViewer {
  userId: string;
  roles: readonly Role[];
  isAdmin?: boolean;
}

const isAdminViewer = (viewer: OrderViewer): boolean => !!viewer.isAdmin || viewer.roles.includes('ADMIN');

/** Reads orders only as a driver: DRIVER, and no order-reading role (SALES, PURCHASING, INVENTORY) nor ADMIN. */
export const isDriverOnly = (viewer: OrderViewer): boolean =>
  !isAdminViewer(viewer) && viewer.roles.includes('DRIVER') && !viewer.roles.some((r) => ORDER_READERS.includes(r));

/** Every viewer a route admits reads any order, except a driver-only viewer: their own deliveries only. */
export const canReadOrder = (viewer: OrderViewer, order: { driverId?: string | null }): boolean =>
  !isDriverOnly(viewer) || order.driverId === viewer.userId;

/** What the status rules look at of an order. */
export interface StatusTarget {
  orderStatus: OrderStatus;
  driverId?: string | null;
  pickupOrder?: boolean;
}

/**
 * A delivery still to be made by this driver: assigned to them, a delivery (not a pickup), and open
 * (RECEIVED, FULFILLMENT or PACKED): what `orders/getMyDeliveries` lists.
 */
export const isOpenDeliveryOf = (order: StatusTarget, userId: string): boolean =>
  !order.pickupOrder && !!order.driverId && order.driverId === userId && RESERVING_STATUSES.includes(order.orderStatus);

/**
 * How a viewer changes order statuses, by their strongest role:
 * - `any`: ADMIN and SALES (who write orders) set any order and payment status (spec: any may follow any).
 * - `fulfilment`: INVENTORY moves an order along the fulfilment steps (FULFILMENT_STEPS) while it is on one of
 *   them; DRAFT (a sales person's unfinished order; submitting it numbers it), the money states (COMPLETED,
 *   REFUNDED, CANCELLED: they settle, refund or void what the customer owes) and the payment status stay with
 *   sales.
 * - `own-deliveries`: DRIVER marks their own open deliveries DELIVERED, nothing else.
 * - null: no status changes (PURCHASING, PAYROLL).
 */
export type StatusChanger = 'any' | 'fulfilment' | 'own-deliveries';

export function statusChangerOf(viewer: OrderViewer): StatusChanger | null {
  if (isAdminViewer(viewer) || viewer.roles.some((r) => ORDER_WRITERS.includes(r))) return 'any';
  if (viewer.roles.includes('INVENTORY')) return 'fulfilment';
  if (viewer.roles.includes('DRIVER')) return 'own-deliveries';
  return null;
}

/** The order statuses a driver may set, on their own open delivery; never a payment status. */
export const DRIVER_ORDER_STATUSES: readonly OrderStatus[] = ['DELIVERED'];
/** The fulfilment steps (spec's display order): an order inventory may move, and where it may move it. */
export const FULFILMENT_STEPS: readonly OrderStatus[] = ['RECEIVED', 'FULFILLMENT', 'PACKED', 'DELIVERED'];

export interface SettableStatuses {
  orderStatuses: readonly OrderStatus[];
  paymentStatuses: readonly PaymentStatus[];
}
const NONE: SettableStatuses = { orderStatuses: [], paymentStatuses: [] };

/** The statuses this viewer may set on this order through `orders/setStatus` (in the spec's order). */
export function settableStatuses(viewer: OrderViewer, order: StatusTarget): SettableStatuses {
  switch (statusChangerOf(viewer)) {
    case 'any':
      return { orderStatuses: ORDER_STATUSES, paymentStatuses: PAYMENT_STATUSES };
    case 'fulfilment':
      return FULFILMENT_STEPS.includes(order.orderStatus)
        ? { orderStatuses: FULFILMENT_STEPS, paymentStatuses: [] }
        : NONE;
    case 'own-deliveries':
      return isOpenDeliveryOf(order, viewer.userId)
        ? { orderStatuses: DRIVER_ORDER_STATUSES, paymentStatuses: [] }
        : NONE;
    default:
      return NONE;
  }
}

export const DRIVER_STATUS_REFUSAL = 'A driver can only mark their own open deliveries DELIVERED';
export const PAYMENT_STATUS_REFUSAL = 'Only sales staff can change the payment status';
export const DRAFT_STATUS_REFUSAL = 'Only sales staff can move an order into or out of DRAFT';
export const FULFILMENT_STATUS_REFUSAL = `Inventory staff can only move an order between ${FULFILMENT_STEPS.join(', ')}; completing, refunding and cancelling are for sales staff`;
export const STATUS_REFUSAL = 'Your role cannot change the status of an order';

/** Why the viewer may not make this status change to this order (undefined: they may). */
export function statusChangeRefusal(
  viewer: OrderViewer,
  order: StatusTarget,
  change: { orderStatus?: OrderStatus; paymentStatus?: PaymentStatus },
): string | undefined {
  const allowed = settableStatuses(viewer, order);
  const orderOk = change.orderStatus === undefined || allowed.orderStatuses.includes(change.orderStatus);
  const paymentOk = change.paymentStatus === undefined || allowed.paymentStatuses.includes(change.paymentStatus);
  if (orderOk && paymentOk) return undefined;
  switch (statusChangerOf(viewer)) {
    case 'own-deliveries':
      return DRIVER_STATUS_REFUSAL;
    case 'fulfilment':
      if (!paymentOk) return PAYMENT_STATUS_REFUSAL;
      return order.orderStatus === 'DRAFT' || change.orderStatus === 'DRAFT'
        ? DRAFT_STATUS_REFUSAL
        : FULFILMENT_STATUS_REFUSAL;
    default:
      return STATUS_REFUSAL;
  }
}
