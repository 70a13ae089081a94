import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { Payment } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { formatDay } from '../../format/dates';
import { formatMoney } from '../../format/money';
import { OrderNumLink } from '../orders/order-cells';
import { shortOrderNumber } from '../orders/order-display';
import { PAYMENT_METHOD_LABELS } from '../../format/labels';
import { PAYMENT_ACTIONS_TEXT } from './payment-dialogs';
import './payments.css';

/** Small cells shared by the payment lists (Payments page, an order's and a customer's payments). */

/**
 * The orders a payment paid, each with the amount applied: a link to the order's page for those who may open
 * it, the number alone for the others (PAYROLL reads payments but not orders).
 */
export function AppliedOrdersCell({ payment }: { payment: Pick<Payment, 'appliedPayments'> }) {
  const canOpenOrders = useCan()('orders.getByID');
  if (payment.appliedPayments.length === 0) return <Box color="text-body-secondary">To credit</Box>;
  return (
    <ul className="bo-applied-orders" aria-label="Orders paid">
      {payment.appliedPayments.map((a) => (
        <li key={a.orderId}>
          {canOpenOrders ? <OrderNumLink orderNum={a.orderNum} /> : shortOrderNumber(a.orderNum)}
          <Box variant="span" color="text-body-secondary">
            {` (${formatMoney(a.amount)})`}
          </Box>
        </li>
      ))}
    </ul>
  );
}

/** A payment's amount; a void payment's struck through and marked, since it counts in no total (issue 23). */
export function PaymentAmountCell({ payment }: { payment: Pick<Payment, 'amount' | 'voided'> }) {
  if (!payment.voided) return <>{formatMoney(payment.amount)}</>;
  return (
    <span title={`Void: ${payment.voided.reason}`}>
      <s>{formatMoney(payment.amount)}</s>{' '}
      <Box variant="span" color="text-status-inactive" fontWeight="bold">
        Void
      </Box>
    </span>
  );
}

export const paymentMethodText = (payment: Pick<Payment, 'paymentMethod'>): string =>
  PAYMENT_METHOD_LABELS[payment.paymentMethod];

/** What the Edit button of a payment says to a screen reader: whose payment, of what, on which day. */
export const editPaymentLabel = (
  payment: Pick<Payment, 'customerName' | 'amount' | 'paymentDate' | 'voided'>,
): string =>
  `${payment.voided ? 'View void' : 'Edit'} payment of ${formatMoney(payment.amount)} by ${payment.customerName} on ${formatDay(payment.paymentDate)}`;

export function EditPaymentButton({
  payment,
  onEdit,
  disabledReason,
}: {
  payment: Payment;
  onEdit: (id: string) => void;
  /** Why it can't be used now (Edit Order with unsaved changes). */
  disabledReason?: string;
}) {
  return (
    <Button
      variant="inline-link"
      wrapText={false}
      ariaLabel={editPaymentLabel(payment)}
      onClick={() => onEdit(payment.id)}
      disabled={disabledReason !== undefined}
      {...(disabledReason ? { disabledReason } : {})}
    >
      {payment.voided ? PAYMENT_ACTIONS_TEXT.view : PAYMENT_ACTIONS_TEXT.edit}
    </Button>
  );
}
