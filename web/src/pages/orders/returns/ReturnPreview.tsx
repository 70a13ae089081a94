import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatUsd, returnPreview, type PaymentMethod, type ReturnSettlement } from '@bo/shared';
import { PAYMENT_METHOD_LABELS } from '../../../format/labels';
import type { ReturnOutcome } from './return-model';
import { RETURN_ITEMS_TEXT as TEXT } from './return-text';

export interface ReturnPreviewProps {
  orderNum: string;
  /** Nothing chosen yet: a hint instead of figures. */
  empty: boolean;
  refusal: string | undefined;
  outcome: ReturnOutcome | undefined;
  settlement: ReturnSettlement;
  method: PaymentMethod | null;
}

/**
 * What the return will do, from the shared rules, before it is made (issue 23): the credit note's amount, how
 * much of it lowers what the order owes, how much goes to the customer's credit or back to them, and what
 * happens to the units. Or why it can't be made.
 */
export default function ReturnPreview({ orderNum, empty, refusal, outcome, settlement, method }: ReturnPreviewProps) {
  let body;
  if (empty) body = <Box color="text-body-secondary">{TEXT.chooseLines}</Box>;
  else if (refusal || !outcome)
    body = (
      <div role="alert" data-testid="return-refusal">
        <StatusIndicator type="error">{refusal}</StatusIndicator>
      </div>
    );
  else {
    const stock = TEXT.stock(outcome.restocked, outcome.writtenOff);
    body = (
      <>
        <Box variant="p" fontWeight="bold" data-testid="return-preview-amount">
          {returnPreview(outcome.amount, settlement, outcome.excess)}
        </Box>
        <ul className="bo-return-outcome">
          <li>
            {outcome.appliedToOrder > 0
              ? TEXT.balance(orderNum, formatUsd(outcome.balanceBefore), formatUsd(outcome.balanceAfter))
              : TEXT.balanceUnchanged(orderNum, formatUsd(outcome.balanceBefore))}
          </li>
          {outcome.excess > 0 && (
            <li>
              {settlement === 'CREDIT'
                ? TEXT.toCredit(formatUsd(outcome.excess))
                : TEXT.paidBack(formatUsd(outcome.excess), method ? PAYMENT_METHOD_LABELS[method] : '')}
            </li>
          )}
          {stock && <li>{stock}</li>}
        </ul>
      </>
    );
  }
  return (
    <Container header={<Header variant="h3">{TEXT.preview}</Header>} data-testid="return-preview">
      {body}
    </Container>
  );
}
