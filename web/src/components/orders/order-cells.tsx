import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { OrderStatus, PaymentStatus } from '@bo/shared';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../format/statuses';
import { orderHref } from '../../access/pages';
import {
  ORDER_ON_HOLD,
  ORDER_ON_HOLD_TITLE,
  ORDER_STATUS_INDICATOR,
  PAYMENT_STATUS_INDICATOR,
  shortOrderNumber,
} from './order-display';

/** Small cells shared by the order lists (Orders page, View Orders, deliveries, pending orders). */

/** An order number that opens its page in a new tab (spec section 2: `/orders/{orderNum}`). */
export function OrderNumLink({ orderNum }: { orderNum: string }) {
  const shown = shortOrderNumber(orderNum);
  return (
    <span title={shown === orderNum ? undefined : orderNum} style={NO_WRAP}>
      <Link
        href={orderHref(orderNum)}
        target="_blank"
        rel="noopener noreferrer"
        external
        externalIconAriaLabel="(opens in a new tab)"
      >
        {shown}
      </Link>
    </span>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

// A status is one word: it never breaks over two lines ('Complete/d'); its column is sized to hold it.
export function OrderStatusCell({ status, onHold = false }: { status: OrderStatus; onHold?: boolean }) {
  // On credit hold (issue 23) a received order reads "On hold" with a warning icon, in the status's own width; a
  // held order that was cancelled (or put back to draft) shows that status.
  if (onHold && status === 'RECEIVED')
    return (
      <span title={ORDER_ON_HOLD_TITLE}>
        <StatusIndicator type="warning" wrapText={false}>
          {ORDER_ON_HOLD}
        </StatusIndicator>
      </span>
    );
  return (
    <StatusIndicator type={ORDER_STATUS_INDICATOR[status]} wrapText={false}>
      {ORDER_STATUS_LABELS[status]}
    </StatusIndicator>
  );
}

export function PaymentStatusCell({ status }: { status: PaymentStatus }) {
  return (
    <StatusIndicator type={PAYMENT_STATUS_INDICATOR[status]} wrapText={false}>
      {PAYMENT_STATUS_LABELS[status]}
    </StatusIndicator>
  );
}
