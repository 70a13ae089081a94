import type { SelectProps } from '@cloudscape-design/components/select';
import { purchaseStatusChangeRefusal, type PurchaseOrder, type PurchaseOrderStatus } from '@bo/shared';
import { statusOptions } from '../../../format/statuses';

/**
 * The Order Status picker's options for a loaded order: a status the server refuses from the current one (the
 * shared rule the update route applies, e.g. cancelling a received order) stays listed but disabled, with the
 * server's reason.
 */
export const purchaseOrderStatusOptions = (
  order: Pick<PurchaseOrder, 'orderStatus' | 'purchaseOrderItems'>,
): SelectProps.Option[] =>
  statusOptions('purchaseOrder').map((option) => {
    const next = option.value as PurchaseOrderStatus;
    const refusal = purchaseStatusChangeRefusal(order.orderStatus, next, order.purchaseOrderItems);
    return refusal === null ? option : { ...option, disabled: true, disabledReason: refusal };
  });

/** Purchase orders use the one payment-status list (docs/purchasing.md), labelled as everywhere else. */
export const PURCHASE_PAYMENT_STATUS_OPTIONS = statusOptions('payment');
