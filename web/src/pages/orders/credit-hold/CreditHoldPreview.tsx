import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import { creditHoldReason, toCents, type Cents, type CreditStatus } from '@bo/shared';
import { useCan } from '../../../access/route-access';
import { useApiQuery } from '../../../api/hooks';
import { CREDIT_HOLD_TEXT } from './credit-hold-text';

// The server decides by the UTC calendar day (credit-hold.ts), so the preview counts days the same way.
const utcToday = () => new Date().toISOString().slice(0, 10);

/** Why an order of `totalCents` for this customer would be held, by the rule the server applies at Submit. */
export function holdReasonFor(credit: CreditStatus, totalCents: Cents, on: string): string | undefined {
  return creditHoldReason(
    {
      creditLimitCents: credit.creditLimit === undefined ? null : toCents(credit.creditLimit),
      paymentTermsDays: credit.paymentTermsDays,
    },
    { owedCents: toCents(credit.owed), oldestOpen: credit.oldestOpen },
    totalCents,
    on,
  );
}

/**
 * New Order's warning, before Submit, that the order will be saved on credit hold (issue 23): the customer's
 * credit status is asked for once a customer is chosen, and the reason follows the cart's total as it changes.
 * Drafts are never held; Save as draft is unaffected.
 */
export default function CreditHoldPreview({
  customerId,
  totalCents,
}: {
  customerId: string | null;
  totalCents: Cents;
}) {
  const readable = useCan()('customers.getCreditStatus');
  const status = useApiQuery(
    'customers.getCreditStatus',
    { params: { customerId: customerId ?? '' } },
    { enabled: Boolean(customerId) && readable },
  );
  const reason = customerId && status.data ? holdReasonFor(status.data, totalCents, utcToday()) : undefined;
  if (!reason) return null;
  return (
    <Alert type="warning" statusIconAriaLabel="Warning" header={CREDIT_HOLD_TEXT.previewHeader}>
      <Box>{reason}.</Box>
      <Box>{CREDIT_HOLD_TEXT.releaseFirst}</Box>
    </Alert>
  );
}
