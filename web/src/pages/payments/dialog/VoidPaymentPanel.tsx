import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { NO_PAYMENT, PAYMENT_MESSAGES, type Payment, type PaymentEffect } from '@bo/shared';
import { apiCall, errorMessage } from '../../../api/client';
import { invalidateRoutes } from '../../../api/hooks';
import { formatMoney } from '../../../format/money';
import { useNotifications } from '../../../notifications/notifications';
import { PAYMENT_QUERY_ROUTES } from '../payment-routes';
import PaymentOutcome from './PaymentOutcome';
import { PAYMENT_TEXT } from './payment-text';
import type { PayRow } from './use-payment-data';

/**
 * Voiding a wrong payment (ADMIN, issue 23): why, and what it will do (the orders it paid owe again, its credit
 * goes back) before the confirm; `payments.remove` reverses it in one transaction and keeps the record.
 */
export default function VoidPaymentPanel({
  payment,
  now,
  old,
  onCancel,
  onVoided,
}: {
  payment: Payment;
  now: { rows: readonly PayRow[]; credit: number };
  old: PaymentEffect;
  onCancel: () => void;
  onVoided: () => void;
}) {
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = reason.trim() === '';

  const confirm = async () => {
    setTried(true);
    setFailure(null);
    if (missing || busy) return;
    setBusy(true);
    try {
      await apiCall('payments.remove', {
        params: { id: payment.id },
        body: { reason: reason.trim(), modifiedOn: payment.modifiedOn },
      });
      notify.success(`Payment of ${formatMoney(payment.amount)} for ${payment.customerName} ${PAYMENT_TEXT.voidDone}.`);
      await invalidateRoutes(queryClient, PAYMENT_QUERY_ROUTES);
      onVoided();
    } catch (error) {
      console.error('Payment void failed', error);
      setFailure(errorMessage(error, 'The payment could not be voided. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert type="warning" header={PAYMENT_TEXT.void} statusIconAriaLabel="Warning" data-testid="pay-void-panel">
      <SpaceBetween size="s">
        <span>
          The orders it paid will owe again and the credit it used goes back to the customer. The payment stays in the
          history, marked void.
        </span>
        <PaymentOutcome now={now} old={old} next={NO_PAYMENT} title="What voiding will do" />
        <FormField
          label={PAYMENT_TEXT.voidReason}
          errorText={tried && missing ? PAYMENT_MESSAGES.voidReasonRequired : failure}
        >
          <Textarea
            value={reason}
            onChange={({ detail }) => setReason(detail.value)}
            rows={2}
            disabled={busy}
            ariaLabel={PAYMENT_TEXT.voidReason}
          />
        </FormField>
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={onCancel} disabled={busy}>
            {PAYMENT_TEXT.voidCancel}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} loadingText="Voiding" data-testid="pay-void-confirm">
            {PAYMENT_TEXT.voidConfirm}
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Alert>
  );
}
