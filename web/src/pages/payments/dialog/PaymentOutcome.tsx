import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { formatUsd, NO_PAYMENT, paymentOutcome, type PaymentEffect } from '@bo/shared';
import { formatStatus } from '../../../format/statuses';
import { shortOrderNumber } from '../../../components/orders/order-display';
import type { PayRow } from './use-payment-data';
import { PAYMENT_TEXT } from './payment-text';

/**
 * What saving (or voiding) will do, from the records as they are now (issue 23): the customer's credit and each
 * touched order's balance and payment status, before → after, by the shared `paymentOutcome`. On Edit Payment
 * this is where the real credit shows beside what the edit makes of it. Nothing when the change is refused
 * (the form lists why on submit) or changes nothing.
 */
export default function PaymentOutcome({
  now,
  old,
  next,
  title = PAYMENT_TEXT.outcome,
}: {
  now: { rows: readonly PayRow[]; credit: number };
  /** What the stored payment does now (edit, void); none for a new payment. */
  old: PaymentEffect | undefined;
  next: PaymentEffect;
  title?: string;
}) {
  const outcome = paymentOutcome(now.rows, now.credit, old ?? NO_PAYMENT, next);
  if (!outcome.ok) return null;
  const numbers = new Map(now.rows.map((r) => [r.orderId, r.orderNum]));
  const creditMoves = outcome.credit.before !== outcome.credit.after;
  if (!creditMoves && outcome.orders.length === 0) return null;
  return (
    <Container header={<Header variant="h3">{title}</Header>} data-testid="pay-outcome">
      <ul className="pay-outcome">
        <li>
          {PAYMENT_TEXT.outcomeCredit}: {formatUsd(outcome.credit.before)}
          {creditMoves ? ` → ${formatUsd(outcome.credit.after)}` : ` (${PAYMENT_TEXT.unchanged})`}
        </li>
        {outcome.orders.map((o) => (
          <li key={o.orderId}>
            Order {shortOrderNumber(numbers.get(o.orderId) ?? o.orderId)}: {formatStatus('payment', o.statusBefore)}
            {o.statusAfter !== o.statusBefore ? ` → ${formatStatus('payment', o.statusAfter)}` : ''}
            <Box variant="span" color="text-body-secondary">
              {`, balance ${formatUsd(o.balanceBefore)} → ${formatUsd(o.balanceAfter)}`}
            </Box>
          </li>
        ))}
      </ul>
    </Container>
  );
}
