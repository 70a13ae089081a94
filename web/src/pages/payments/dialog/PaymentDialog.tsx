import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { canTakePayment, formatUsd, PAYMENT_MESSAGES, type Payment, type PaymentMode } from '@bo/shared';
import { apiCall, errorMessage, isApiError } from '../../../api/client';
import { invalidateRoutes, useApiQuery } from '../../../api/hooks';
import DialogNotifications from '../../../notifications/DialogNotifications';
import { useNotifications } from '../../../notifications/notifications';
import { today } from '../../../format/today';
import ApplyToTable from './ApplyToTable';
import { formEffect, formFromPayment, paymentBody, storedEffect, updateBody } from './payment-body';
import PaymentFields from './PaymentFields';
import PaymentOutcome from './PaymentOutcome';
import PaymentProgressBars from './PaymentProgressBars';
import VoidPaymentPanel from './VoidPaymentPanel';
import { formatDate } from '../../../format/dates';
import { useCan } from '../../../access/route-access';
import { PAYMENT_QUERY_ROUTES } from '../payment-routes';
import { PAYMENT_TEXT } from './payment-text';
import { usePaymentData } from './use-payment-data';
import { usePaymentForm, type PaymentFormState } from './use-payment-form';
import './payment-dialog.css';
import { useGuardedClose } from '../../../components/close-guard';
import { dayError } from '../../../components/date-window';

const CUSTOMER_REQUIRED = 'Customer is required';

export const emptyPayment = (customerId?: string): PaymentFormState => ({
  customerId: customerId ?? null,
  paymentDate: today(),
  paymentMethod: 'CASH',
  amountText: '',
  creditOn: false,
  creditText: '',
  notes: '',
  split: false,
  selected: [],
  amounts: {},
});

const STALE_PAYMENT =
  'Someone else changed this payment after you opened it. Close it and open it again to see their changes.';

/** The detail under 'Failed to submit payment': the server's message, or what a bare 409 means. */
const failureDetail = (error: unknown): string => {
  if (isApiError(error) && error.status === 409 && !error.fromServer) return STALE_PAYMENT;
  return errorMessage(error, 'Try again.');
};

export interface PaymentDialogProps {
  mode: PaymentMode;
  customerId?: string;
  orderId?: string;
  paymentId?: string;
  onDismiss: () => void;
}

/**
 * Add Payment / Edit Payment (spec sections 2, 4, 5, 8). Every figure is a preview from the shared payment
 * rules; the section 5 messages stop the submit before any request. Add sends one Idempotency-Key per attempt
 * at the same payment (a retry after a lost answer records nothing twice); Edit starts from the balances and
 * credit as if the payment had not been made and sends `modifiedOn` (409 when someone saved since).
 */
export default function PaymentDialog({ mode, customerId, orderId, paymentId, onDismiss }: PaymentDialogProps) {
  const editing = mode === 'edit';
  const notify = useNotifications();
  const canVoid = useCan()('payments.remove');
  const [voiding, setVoiding] = useState(false);
  const queryClient = useQueryClient();

  const customers = useApiQuery('customers.getAll', {});
  const paymentQuery = useApiQuery('payments.getById', { params: { id: paymentId ?? '' } }, { enabled: editing });
  // Add from an order alone (e.g. a link on the order): its customer is the payment's.
  const orderQuery = useApiQuery(
    'orders.getByID',
    { params: { id: orderId ?? '' } },
    { enabled: !editing && !customerId && Boolean(orderId) },
  );

  const formState = useState<PaymentFormState>(() => emptyPayment(customerId));
  const [state, setState] = formState;
  // The payment as loaded is kept while the dialog is open: a refetch after saving must not reset the form.
  const [payment, setPayment] = useState<Payment | null>(null);
  const old = useMemo(() => (payment ? storedEffect(payment) : undefined), [payment]);
  const data = usePaymentData(state.customerId, old);
  const form = usePaymentForm(formState, data.rows, data.availableCredit, mode);

  /** What the form held when it was last filled in for the user (dirty = anything else). */
  const [pristine, setPristine] = useState<PaymentFormState | null>(editing ? null : state);
  const [preselected, setPreselected] = useState(!orderId);

  if (editing && !payment && paymentQuery.data) {
    setPayment(paymentQuery.data);
    setState((s) => ({ ...s, customerId: paymentQuery.data.customerId }));
  }
  if (editing && payment && !pristine && data.ready) {
    const loaded = formFromPayment(payment, data.rows);
    setState(loaded);
    setPristine(loaded);
  }
  if (!editing && !state.customerId && orderQuery.data && !preselected && pristine?.customerId === null) {
    const next = { ...state, customerId: orderQuery.data.res.customerID };
    setState(next);
    setPristine(next);
  }
  if (!editing && !preselected && data.ready) {
    setPreselected(true);
    if (data.rows.some((r) => r.orderId === orderId && canTakePayment(r))) {
      const next = { ...state, selected: [orderId!] };
      setState(next);
      setPristine(next);
    }
  }

  const loaded = !editing || pristine !== null;
  const [busy, setBusy] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = loaded && pristine !== null && JSON.stringify(state) !== JSON.stringify(pristine);

  const dateProblem = dayError(PAYMENT_TEXT.paymentDate, state.paymentDate);
  const localProblems = [
    ...(state.customerId ? [] : [CUSTOMER_REQUIRED]),
    ...(state.paymentDate ? [] : [PAYMENT_MESSAGES.paymentDateRequired]),
    ...(dateProblem ? [dateProblem] : []),
  ];
  const problems = [...localProblems, ...form.problems];

  // One key per attempt at the same payment (as New Order): a retry after a lost answer sends the same key and
  // gets the first payment back; a changed payment or a refusal (4xx: nothing written) starts a new attempt.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const close = useGuardedClose(dirty, busy, onDismiss);

  const submit = async () => {
    if (busy || !loaded) return;
    setShowErrors(true);
    setFailure(null);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      const customerName = customers.data?.find((c) => c.id === state.customerId)?.customerName ?? 'the customer';
      if (editing && payment) {
        await apiCall('payments.update', { params: { id: payment.id }, body: updateBody(form, payment) });
        notify.success(`Payment of ${formatUsd(form.amount)} for ${payment.customerName} updated.`);
      } else {
        const body = paymentBody(form);
        const text = JSON.stringify(body);
        if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
        await apiCall('payments.add', {
          params: { customerId: body.customerId! },
          body,
          headers: { 'Idempotency-Key': attempt.current.key },
        });
        notify.success(`Payment of ${formatUsd(form.amount)} recorded for ${customerName}.`);
      }
      await invalidateRoutes(queryClient, PAYMENT_QUERY_ROUTES);
      onDismiss();
    } catch (error) {
      console.error('Payment submit failed', error);
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      if (isApiError(error) && error.status === 409) void invalidateRoutes(queryClient, PAYMENT_QUERY_ROUTES);
      setFailure(failureDetail(error));
    } finally {
      setBusy(false);
    }
  };

  const loadFailed = editing && paymentQuery.isError ? paymentQuery.error : null;
  const voided = payment?.voided;
  return (
    <Modal
      visible
      size="max"
      header={editing ? PAYMENT_TEXT.editTitle : PAYMENT_TEXT.addTitle}
      onDismiss={close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {failure !== null && (
              <div className="pay-failure" role="alert" data-testid="pay-failure">
                <StatusIndicator type="error">{PAYMENT_TEXT.submitFailed}</StatusIndicator>
                <Box variant="small" color="text-status-error">
                  {failure}
                </Box>
              </div>
            )}
            {editing && canVoid && payment && !voided && (
              <Button onClick={() => setVoiding(true)} disabled={!loaded || busy || voiding} data-testid="pay-void">
                {PAYMENT_TEXT.void}
              </Button>
            )}
            <Button variant="link" onClick={close} disabled={busy}>
              {PAYMENT_TEXT.close}
            </Button>
            <Button
              variant="primary"
              onClick={() => void submit()}
              disabled={!loaded || Boolean(voided) || voiding}
              loading={busy}
              loadingText={editing ? 'Updating' : 'Submitting'}
              data-testid="pay-submit"
            >
              {editing ? PAYMENT_TEXT.update : PAYMENT_TEXT.submit}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <DialogNotifications />
      {loadFailed ? (
        <Alert type="error" statusIconAriaLabel="Error">
          {loadFailed.status === 404 ? PAYMENT_TEXT.notFound : errorMessage(loadFailed, PAYMENT_TEXT.loadFailed)}
        </Alert>
      ) : !loaded ? (
        <StatusIndicator type="loading">Loading payment</StatusIndicator>
      ) : (
        <SpaceBetween size="l">
          {voided && (
            <Alert type="info" header={PAYMENT_TEXT.voidedTitle} data-testid="pay-voided">
              Voided {formatDate(voided.on)} by {voided.by}: {voided.reason}. It pays no order and moves no credit; the
              figures below are what it did before.
            </Alert>
          )}
          {voiding && payment && (
            <VoidPaymentPanel
              payment={payment}
              now={data.now}
              old={old ?? storedEffect(payment)}
              onCancel={() => setVoiding(false)}
              onVoided={onDismiss}
            />
          )}
          <PaymentFields
            form={form}
            customers={customers}
            customerLocked={editing}
            availableCredit={data.availableCredit}
            {...(editing ? { creditNow: data.now.credit } : {})}
            creditState={
              state.customerId === null || data.credit.isSuccess ? 'ready' : data.credit.isError ? 'error' : 'loading'
            }
            showErrors={showErrors}
            disabled={busy || Boolean(voided) || voiding}
          />
          <PaymentProgressBars progress={form.progress} />
          {state.customerId && !voided && !voiding && form.problems.length === 0 && (
            <PaymentOutcome now={data.now} old={old} next={formEffect(form)} />
          )}
          <ApplyToTable form={form} data={data} disabled={busy || Boolean(voided) || voiding} />
          {showErrors && problems.length > 0 && (
            <Alert type="error" statusIconAriaLabel="Error" data-testid="pay-problems">
              <ul className="pay-problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
