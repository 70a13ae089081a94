import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { PurchaseOrderStatus } from '@bo/shared';
import { useFollow } from '../../components/navigation';
import { purchaseOrderHref } from '../../access/pages';
import { PURCHASE_STATUS_INDICATOR, PURCHASE_STATUS_LABELS } from './purchase-statuses';

/** A purchase-order number that opens its page (`/purchases/{purchaseOrderNum}`) in the app. */
export function PurchaseOrderNumLink({ purchaseOrderNum }: { purchaseOrderNum: string }) {
  const follow = useFollow();
  return (
    <Link href={purchaseOrderHref(purchaseOrderNum)} onFollow={follow}>
      {purchaseOrderNum}
    </Link>
  );
}

export function PurchaseStatusCell({ status }: { status: PurchaseOrderStatus }) {
  return (
    <StatusIndicator type={PURCHASE_STATUS_INDICATOR[status]} wrapText={false}>
      {PURCHASE_STATUS_LABELS[status]}
    </StatusIndicator>
  );
}
