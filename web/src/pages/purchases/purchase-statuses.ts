import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { PurchaseOrderStatus } from '@bo/shared';

/** Purchase-order statuses as words: one list with the other statuses (the change log shows them too). */
export { PURCHASE_STATUS_LABELS } from '../../format/statuses';

/** Grey for drafts, blue while with the brand, green once received. */
export const PURCHASE_STATUS_INDICATOR: Record<PurchaseOrderStatus, StatusIndicatorProps.Type> = {
  DRAFT: 'stopped',
  PENDING: 'pending',
  ORDERED: 'in-progress',
  RECEIVED: 'success',
  COMPLETED: 'success',
  CANCELLED: 'error',
};
