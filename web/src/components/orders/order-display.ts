import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import {
  DRAFT_NUMBER_PREFIX,
  isDraftNumber,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '@bo/shared';

/**
 * How every list shows a sales order (Orders, View Orders, deliveries, payments, purchase orders): status
 * indicators, sort orders and the short number.
 */

/** How each status looks (Cloudscape StatusIndicator): grey for drafts, blue while open, green when done. */
export const ORDER_STATUS_INDICATOR: Record<OrderStatus, StatusIndicatorProps.Type> = {
  DRAFT: 'stopped',
  RECEIVED: 'pending',
  FULFILLMENT: 'in-progress',
  PACKED: 'info',
  DELIVERED: 'success',
  COMPLETED: 'success',
  REFUNDED: 'warning',
  CANCELLED: 'error',
};

export const PAYMENT_STATUS_INDICATOR: Record<PaymentStatus, StatusIndicatorProps.Type> = {
  DRAFT: 'stopped',
  AWAITING: 'pending',
  PENDING: 'in-progress',
  PARTIAL: 'warning',
  PAID: 'success',
  REFUNDED: 'info',
  CANCELLED: 'error',
};

/** The marker of an order on credit hold (issue 23) beside its status, and its tooltip. */
export const ORDER_ON_HOLD = 'On hold';
export const ORDER_ON_HOLD_TITLE = 'On credit hold: an administrator releases it before it moves past Received';

/** Sorts statuses in the spec's display order (section 4) rather than alphabetically. */
export const byOrderStatus = (a: { orderStatus: OrderStatus }, b: { orderStatus: OrderStatus }): number =>
  ORDER_STATUSES.indexOf(a.orderStatus) - ORDER_STATUSES.indexOf(b.orderStatus);
export const byPaymentStatus = (a: { paymentStatus: PaymentStatus }, b: { paymentStatus: PaymentStatus }): number =>
  PAYMENT_STATUSES.indexOf(a.paymentStatus) - PAYMENT_STATUSES.indexOf(b.paymentStatus);

/** Orders numbered `1001`… sort as numbers; drafts (`DRAFT_…`) after them. */
export const byOrderNum = (a: { orderNum: string }, b: { orderNum: string }): number =>
  a.orderNum.localeCompare(b.orderNum, 'en-US', { numeric: true });

/**
 * An order number as the lists show it: a draft's `DRAFT_` + random id is too long for a column, so it reads
 * `Draft` and the id's first 6 characters (enough to tell the drafts of one list apart); numbers as they are.
 */
export const shortOrderNumber = (orderNum: string): string =>
  isDraftNumber(orderNum)
    ? `Draft ${orderNum.slice(DRAFT_NUMBER_PREFIX.length, DRAFT_NUMBER_PREFIX.length + 6)}`
    : orderNum;
