import { PURCHASE_ORDER_STATUSES } from '@bo/shared';
import { statusOptions } from '../../../format/statuses';
import { PURCHASE_STATUS_LABELS } from '../purchase-statuses';

export const PURCHASE_ORDER_STATUS_OPTIONS = PURCHASE_ORDER_STATUSES.map((value) => ({
  value,
  label: PURCHASE_STATUS_LABELS[value],
}));

/** Purchase orders use the one payment-status list (README, Purchasing), labelled as everywhere else. */
export const PURCHASE_PAYMENT_STATUS_OPTIONS = statusOptions('payment');
