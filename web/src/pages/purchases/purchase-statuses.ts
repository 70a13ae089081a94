import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { PurchaseOrderStatus } from '@bo/shared';

/** Purchase-order statuses as words and as Cloudscape status indicators (spec section 4 gives the values). */
export const PURCHASE_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  ORDERED: 'Ordered',
  RECEIVED: 'Received',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** Grey for drafts, blue while with the brand, green once received. */
export const PURCHASE_STATUS_INDICATOR: Record<PurchaseOrderStatus, StatusIndicatorProps.Type> = {
  DRAFT: 'stopped',
  PENDING: 'pending',
  ORDERED: 'in-progress',
  RECEIVED: 'success',
  COMPLETED: 'success',
  CANCELLED: 'error',
};
