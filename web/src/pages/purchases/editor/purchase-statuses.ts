import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '@bo/shared';
import { statusOptions } from '../../../format/statuses';

/** Purchase-order statuses as words (spec section 4), in display order, for the Order Status picker. */
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  ORDERED: 'Ordered',
  RECEIVED: 'Received',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const PURCHASE_ORDER_STATUS_OPTIONS = PURCHASE_ORDER_STATUSES.map((value) => ({
  value,
  label: PURCHASE_ORDER_STATUS_LABELS[value],
}));

/** Purchase orders use the one payment-status list (README, Purchasing), labelled as everywhere else. */
export const PURCHASE_PAYMENT_STATUS_OPTIONS = statusOptions('payment');
