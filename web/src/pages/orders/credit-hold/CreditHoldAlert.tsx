import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { HOLD_NOTE_REQUIRED, type Order } from '@bo/shared';
import { useCan } from '../../../access/route-access';
import { errorMessage } from '../../../api/client';
import { useApiMutation } from '../../../api/hooks';
import { formatDate } from '../../../format/dates';
import { useNotifications } from '../../../notifications/notifications';
import { ORDER_QUERY_ROUTES } from '../builder/order-routes';
import { CREDIT_HOLD_TEXT } from './credit-hold-text';

export interface CreditHoldAlertProps {
  order: Pick<Order, 'id' | 'orderNum' | 'modifiedOn' | 'creditHold' | 'creditHoldReleased'>;
  /** Why the release is not offered now (e.g. the order has unsaved changes). */
  blockedReason?: string;
  /** The order as the release answered it. */
  onReleased?: (order: Order) => void;
}

const RELEASE_INVALIDATES = ORDER_QUERY_ROUTES.filter((r) => !r.startsWith('products.'));

/**
 * An order's credit hold (issue 23): since when and why, and for an ADMIN a 'Release hold' that asks why before
 * calling `orders/releaseHold`. Without a hold, the last release, if any, in one line. Render it only when the
 * order has either.
 */
export default function CreditHoldAlert({ order, blockedReason, onReleased }: CreditHoldAlertProps) {
  const canRelease = useCan()('orders.releaseHold');
  const notify = useNotifications();
  // null: the release form is closed.
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  // The order, its lists and its change log change; stock does not, so the catalogue is not asked again.
  const release = useApiMutation('orders.releaseHold', { invalidates: RELEASE_INVALIDATES });

  const hold = order.creditHold;
  if (!hold) {
    const last = order.creditHoldReleased;
    if (!last) return null;
    return (
      <Box variant="small" color="text-body-secondary">
        {CREDIT_HOLD_TEXT.releasedLine(formatDate(last.on), last.by, last.note)}
      </Box>
    );
  }

  const close = () => {
    setNote(null);
    setError(undefined);
  };
  const submit = async () => {
    const why = (note ?? '').trim();
    if (!why) return setError(HOLD_NOTE_REQUIRED);
    setError(undefined);
    try {
      const next = await release.mutateAsync({
        params: { id: order.id },
        body: { note: why, modifiedOn: order.modifiedOn },
      });
      notify.success(CREDIT_HOLD_TEXT.released(next.orderNum));
      close();
      onReleased?.(next);
    } catch (failure) {
      console.error('Credit hold release failed', failure);
      setError(errorMessage(failure, CREDIT_HOLD_TEXT.releaseFailed));
    }
  };

  return (
    <Alert
      type="warning"
      statusIconAriaLabel="Warning"
      header={CREDIT_HOLD_TEXT.heldSince(formatDate(hold.since))}
      action={
        canRelease &&
        note === null && (
          <Button
            onClick={() => setNote('')}
            disabled={blockedReason !== undefined}
            {...(blockedReason ? { disabledReason: blockedReason } : {})}
          >
            {CREDIT_HOLD_TEXT.release}
          </Button>
        )
      }
    >
      <SpaceBetween size="s">
        <Box>{hold.reason}</Box>
        {note !== null && (
          <SpaceBetween size="xs">
            <FormField label={CREDIT_HOLD_TEXT.noteLabel} errorText={error} stretch>
              <Textarea
                value={note}
                onChange={({ detail }) => setNote(detail.value)}
                rows={2}
                autoFocus
                disabled={release.isPending}
                invalid={error !== undefined}
              />
            </FormField>
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="primary" onClick={() => void submit()} loading={release.isPending}>
                {CREDIT_HOLD_TEXT.release}
              </Button>
              <Button variant="link" onClick={close} disabled={release.isPending}>
                {CREDIT_HOLD_TEXT.cancel}
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Alert>
  );
}
