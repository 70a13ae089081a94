import ColumnLayout from '@cloudscape-design/components/column-layout';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import { formatUsd, PAYMENT_PROGRESS_LABELS, type PaymentProgress } from '@bo/shared';

/** The two bars of spec section 2; the figures come from the shared `paymentProgress`. */
export default function PaymentProgressBars({ progress }: { progress: PaymentProgress }) {
  const of = formatUsd(progress.funds);
  return (
    <ColumnLayout columns={2}>
      <ProgressBar
        label={PAYMENT_PROGRESS_LABELS.applied}
        value={progress.appliedPercent}
        additionalInfo={`${formatUsd(progress.appliedToOrders)} of ${of}`}
        data-testid="pay-progress-applied"
      />
      <ProgressBar
        label={PAYMENT_PROGRESS_LABELS.credit}
        value={progress.creditPercent}
        additionalInfo={`${formatUsd(progress.creditToAccount)} of ${of}`}
        data-testid="pay-progress-credit"
      />
    </ColumnLayout>
  );
}
