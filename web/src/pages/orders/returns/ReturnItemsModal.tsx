import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import {
  PAYMENT_METHODS,
  RETURN_BODY_MESSAGES,
  type PaymentMethod,
  type ReturnDisposition,
  type ReturnSettlement,
} from '@bo/shared';
import { apiCall, errorMessage, isApiError } from '../../../api/client';
import { invalidateRoutes, useApiQuery } from '../../../api/hooks';
import { useGuardedClose } from '../../../components/close-guard';
import { OrderStatusCell } from '../../../components/orders/order-cells';
import type { ReturnItemsModalProps } from '../../../components/returns/return-dialogs';
import { SETTLEMENT_LABELS } from '../../../components/returns/return-display';
import { PAYMENT_METHOD_LABELS } from '../../../format/labels';
import { formatMoney } from '../../../format/money';
import { useNotifications } from '../../../notifications/notifications';
import ReturnLinesTable from './ReturnLinesTable';
import ReturnPreview from './ReturnPreview';
import {
  chosenLines,
  EMPTY_RETURN_FORM,
  returnBody,
  returnOutcome,
  returnRows,
  takesReturns,
  type ReturnFormState,
} from './return-model';
import { RETURN_QUERY_ROUTES } from './return-routes';
import { RETURN_ITEMS_TEXT as TEXT } from './return-text';
import './returns.css';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * Registry `ReturnItems` (issue 23, section 3): goods of a delivered or completed order come back. One row per
 * product (sold, already returned, returnable, how many now, restock or write off), a reason, and the settlement
 * (credit, or a refund with its method); the preview says what the return will do, by the shared rules, and why
 * it can't be made. One Idempotency-Key per opening of the dialog, so a double submit (or a retry after a lost
 * answer) makes one return; a refusal (4xx: nothing written) starts a new one.
 */
export default function ReturnItemsModal({ orderId, onDismiss }: ReturnItemsModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const orderQuery = useApiQuery('orders.getByID', { params: { id: orderId } }, { select: (r) => r.res });
  const returnsQuery = useApiQuery('returns.getByOrder', { params: { orderId } });
  const order = orderQuery.data;
  const returns = returnsQuery.data;

  const [state, setState] = useState<ReturnFormState>(EMPTY_RETURN_FORM);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [openingKey] = useState(() => crypto.randomUUID());
  const idempotencyKey = useRef(openingKey);

  const rows = useMemo(() => (order && returns ? returnRows(order, returns) : []), [order, returns]);
  const { lines, invalid } = chosenLines(rows, state);
  const result = order && returns ? returnOutcome(order, returns, lines) : undefined;
  const outcome = result?.outcome;

  const reasonMissing = state.reason.trim() === '';
  const methodMissing = state.settlement === 'REFUND' && !state.method;
  const ready = Boolean(order && returns);
  const dirty = JSON.stringify(state) !== JSON.stringify(EMPTY_RETURN_FORM);
  const close = useGuardedClose(dirty, busy, onDismiss);

  const set = (patch: Partial<ReturnFormState>) => setState((s) => ({ ...s, ...patch }));
  const setQuantity = (sku: string, text: string) =>
    setState((s) => ({ ...s, quantities: { ...s.quantities, [sku]: text } }));
  const setDisposition = (sku: string, disposition: ReturnDisposition) =>
    setState((s) => ({ ...s, dispositions: { ...s.dispositions, [sku]: disposition } }));

  const submit = async () => {
    if (busy || !order) return;
    setTried(true);
    setFailure(null);
    if (!outcome || invalid.length > 0 || reasonMissing || methodMissing) return;
    setBusy(true);
    try {
      const made = await apiCall('returns.new', {
        body: returnBody(order, state, lines),
        headers: { 'Idempotency-Key': idempotencyKey.current },
      });
      notify.success(
        made.amount === undefined
          ? TEXT.doneNoAmount(made.creditNoteNum, made.orderNum)
          : TEXT.done(made.creditNoteNum, formatMoney(made.amount), made.orderNum),
      );
      onDismiss();
      await invalidateRoutes(queryClient, RETURN_QUERY_ROUTES);
    } catch (error) {
      console.error('Return failed', error);
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        // Refused: nothing was written, so the next attempt is a new return.
        idempotencyKey.current = crypto.randomUUID();
        // Someone returned or paid meanwhile: the figures follow the records.
        if (error.status === 409) void invalidateRoutes(queryClient, ['orders.getByID', 'returns.getByOrder']);
      }
      setFailure(errorMessage(error, TEXT.retry));
      setBusy(false);
    }
  };

  const loadFailed = orderQuery.error ?? returnsQuery.error;
  let content;
  if (!ready)
    content = loadFailed ? (
      <Alert type="error" statusIconAriaLabel="Error">
        {errorMessage(loadFailed, TEXT.loadFailed)}
      </Alert>
    ) : (
      <StatusIndicator type="loading">{TEXT.loading}</StatusIndicator>
    );
  else if (order)
    content = (
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Customer', value: order.customer.customerName },
            { label: 'Order #', value: order.orderNum },
            { label: 'Status', value: <OrderStatusCell status={order.orderStatus} /> },
            { label: 'Balance due', value: formatMoney(order.balanceDue) },
          ]}
        />
        <ReturnLinesTable
          rows={rows}
          state={state}
          onQuantity={setQuantity}
          onDisposition={setDisposition}
          disabled={busy}
        />
        {/* The fields on the left; the settlement and what the return will do beside them, in sight. */}
        <div className="bo-return-fields">
          <SpaceBetween size="m">
            <FormField
              label={TEXT.reason}
              description={TEXT.reasonDescription}
              errorText={tried && reasonMissing ? RETURN_BODY_MESSAGES.reasonRequired : undefined}
              stretch
            >
              <Textarea
                value={state.reason}
                onChange={({ detail }) => set({ reason: detail.value })}
                rows={2}
                disabled={busy}
                invalid={tried && reasonMissing}
                ariaRequired
              />
            </FormField>
            <FormField label={TEXT.notes} constraintText={TEXT.notesHint} stretch>
              <Textarea
                value={state.notes}
                onChange={({ detail }) => set({ notes: detail.value })}
                rows={2}
                disabled={busy}
              />
            </FormField>
          </SpaceBetween>
          <SpaceBetween size="m">
            <FormField label={TEXT.settlement}>
              <RadioGroup
                value={state.settlement}
                onChange={({ detail }) => set({ settlement: detail.value as ReturnSettlement })}
                items={[
                  { value: 'CREDIT', label: SETTLEMENT_LABELS.CREDIT, description: TEXT.creditDescription },
                  { value: 'REFUND', label: SETTLEMENT_LABELS.REFUND, description: TEXT.refundDescription },
                ]}
              />
            </FormField>
            {state.settlement === 'REFUND' && (
              <FormField
                label={TEXT.method}
                errorText={tried && methodMissing ? RETURN_BODY_MESSAGES.refundMethod : undefined}
              >
                <Select
                  selectedOption={METHOD_OPTIONS.find((o) => o.value === state.method) ?? null}
                  options={METHOD_OPTIONS}
                  placeholder={TEXT.methodPlaceholder}
                  onChange={({ detail }) => set({ method: detail.selectedOption.value as PaymentMethod })}
                  invalid={tried && methodMissing}
                  disabled={busy}
                  data-testid="return-method"
                />
              </FormField>
            )}
            <ReturnPreview
              orderNum={order.orderNum}
              // Nothing chosen yet: a hint, not the refusal (unless the order can't take a return at all).
              empty={lines.length === 0 && !tried && takesReturns(order)}
              refusal={result?.refusal}
              outcome={outcome}
              settlement={state.settlement}
              method={state.method}
            />
          </SpaceBetween>
        </div>
        {failure !== null && (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            header={TEXT.failed}
            dismissible
            onDismiss={() => setFailure(null)}
          >
            <span data-testid="return-failure">{failure}</span>
          </Alert>
        )}
      </SpaceBetween>
    );

  return (
    <Modal
      visible
      size="large"
      header={order ? TEXT.title(order.orderNum) : TEXT.submit}
      onDismiss={close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close} disabled={busy}>
              {TEXT.cancel}
            </Button>
            <Button
              variant="primary"
              onClick={() => void submit()}
              disabled={!ready}
              loading={busy}
              loadingText={TEXT.submitting}
              data-testid="return-submit"
            >
              {TEXT.submit}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {content}
    </Modal>
  );
}
