import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import {
  canSaveOrder,
  canSeeCosts,
  draftOrderNumber,
  NEW_ORDER_STATUSES,
  toDollars,
  type NewOrderBody,
} from '@bo/shared';
import { apiCall, errorMessage, isApiError } from '../../api/client';
import { invalidateRoutes } from '../../api/hooks';
import { useSession } from '../../auth/session';
import { useNotifications } from '../../notifications/notifications';
import { toLineInputs } from './builder/cart-model';
import CustomerPicker from './builder/CustomerPicker';
import { orderHref } from '../../access/pages';
import { today } from '../../format/today';
import { ORDER_QUERY_ROUTES } from './builder/order-routes';
import PdfControl from './builder/PdfControl';
import CreditHoldPreview from './credit-hold/CreditHoldPreview';
import { CREDIT_HOLD_TEXT } from './credit-hold/credit-hold-text';
import { useOrderData } from './builder/use-order-data';
import { customerDefaults, useOrderForm, type OrderForm, type OrderFormState } from './builder/use-order-form';
import './builder/builder.css';
import { OrderNotesField, DeliverySection, OrderProductMenu, OrderPreviewSection } from './builder/OrderSections';
import DialogNotifications from '../../notifications/DialogNotifications';
import { useGuardedClose } from '../../components/close-guard';
import { dayError } from '../../components/date-window';

export interface NewOrderModalProps {
  /** Starts the order for this customer (e.g. from the customer's screens). */
  customerId?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    NewOrder: NewOrderModalProps;
  }
}

export const NEW_ORDER_TEXT = {
  title: 'New Order',
  submit: 'Submit',
  draft: 'Save as draft',
  close: 'Close',
} as const;

const emptyOrder = (customerId?: string): OrderFormState => ({
  customerId: customerId ?? null,
  notes: '',
  pickupOrder: false,
  deliveryDate: today(),
  driverId: null,
  packingOverride: null,
  items: [],
  discount: { on: false, text: '', notes: '' },
});

/** The body of orders/new (spec section 7) from the builder's state. */
export function newOrderBody(
  form: Pick<OrderForm, 'state' | 'lines' | 'totals' | 'discountCents' | 'packingLocationId' | 'delivery'>,
  orderNum: string,
  kind: keyof typeof NEW_ORDER_STATUSES,
  withCost: boolean,
): NewOrderBody {
  const { state, totals } = form;
  const notes = state.notes.trim();
  return {
    orderNum,
    customerID: state.customerId ?? '',
    pickupOrder: state.pickupOrder,
    deliveryDate: state.deliveryDate || null,
    deliveryDriverId: form.delivery.driverId,
    packingLocationId: form.packingLocationId,
    ...NEW_ORDER_STATUSES[kind],
    ...(notes ? { notes } : {}),
    unitQuantity: totals.unitQuantity,
    ...(withCost ? { cost: toDollars(totals.cost) } : {}),
    subtotal: toDollars(totals.subtotal),
    dollarAdjustment: form.discountCents === null ? null : toDollars(totals.discount),
    ...(state.discount.on && state.discount.notes.trim() ? { discountNotes: state.discount.notes.trim() } : {}),
    products: toLineInputs(form.lines),
  };
}

/**
 * Modal registry `NewOrder` (spec section 2): the full-screen order builder. Left: customer, notes, delivery
 * block, product menu. Right: the Order Preview with cart lines, discount, cost (`canSeeCosts`) and total. Submit
 * takes a number from the server's counter (RECEIVED / AWAITING); Save as draft uses `DRAFT_` + a random id.
 */
export default function NewOrderModal({ customerId, onDismiss }: NewOrderModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const showCost = canSeeCosts(session.roles);
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const [customerForData, setCustomerForData] = useState<string | null>(customerId ?? null);
  const data = useOrderData(customerForData);
  const form = useOrderForm(() => emptyOrder(customerId), data);
  const { state } = form;
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A customer given by the caller gets its delivery defaults once the lists are in.
  const [defaultsPending, setDefaultsPending] = useState(Boolean(customerId));
  if (defaultsPending && data.customers.data && !data.drivers.isPending) {
    setDefaultsPending(false);
    const customer = data.customers.data.find((c) => c.id === customerId);
    form.setState((s) => ({ ...s, ...customerDefaults(s, customer, data.drivers.data ?? []) }));
  }
  if (customerForData !== state.customerId) setCustomerForData(state.customerId);

  const canSave = canSaveOrder(state.customerId, form.lines) && !dayError('Delivery date', state.deliveryDate);
  const dirty =
    Boolean(state.customerId && state.customerId !== customerId) ||
    state.items.length > 0 ||
    state.notes.trim() !== '' ||
    state.discount.on;

  const close = useGuardedClose(dirty, busy, onDismiss);

  // One attempt per order being made: retrying the same order after a lost answer (network error, 5xx) sends
  // the same Idempotency-Key and number, so the server returns the first order instead of making a second. A
  // 4xx means nothing was written, and a changed order is a new attempt (the server refuses, 422, a key reused
  // for a different body).
  const attempt = useRef<{ key: string; orderNum: string; order: string } | null>(null);

  const save = async (kind: 'submit' | 'draft') => {
    if (!canSave || busy) return;
    setBusy(kind);
    setFailure(null);
    try {
      const order = JSON.stringify(newOrderBody(form, '', kind, showCost));
      if (attempt.current?.order !== order) {
        let orderNum: string;
        if (kind === 'submit') {
          try {
            orderNum = (await apiCall('orders.createOrderNumber')).orderNum;
          } catch (error) {
            console.error('Failed to fetch order number', error);
            throw error;
          }
        } else orderNum = draftOrderNumber(() => crypto.randomUUID());
        attempt.current = { key: crypto.randomUUID(), orderNum, order };
      }
      const { key, orderNum } = attempt.current;
      const created = await apiCall('orders.new', {
        body: newOrderBody(form, orderNum, kind, showCost),
        headers: { 'Idempotency-Key': key },
      });
      attempt.current = null;
      await invalidateRoutes(queryClient, ORDER_QUERY_ROUTES);
      const number = created?.orderNum ?? orderNum;
      notify.success(
        <span>
          Order{' '}
          <Link href={orderHref(number)} external externalIconAriaLabel="(opens in a new tab)" color="inverted">
            {number}
          </Link>{' '}
          {kind === 'draft' ? 'saved as draft' : 'submitted'} for {form.customer?.customerName ?? 'the customer'}.
          {created?.creditHold && ` ${CREDIT_HOLD_TEXT.submittedOnHold(created.creditHold.reason)}`}
        </span>,
      );
      onDismiss();
    } catch (error) {
      // The dialog stays open with everything as it was (spec section 8).
      console.error('Order submit failed', error);
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      if (isApiError(error) && error.status === 409)
        void invalidateRoutes(queryClient, ['products.getByID', 'orders.getPendingOrderItemsForTags']);
      setFailure(errorMessage(error, 'The order was not saved. Try again.'));
    } finally {
      setBusy(null);
    }
  };

  const customerName = form.customer?.customerName ?? 'Customer';
  const location = data.locations.data?.find((l) => l.id === form.packingLocationId);

  return (
    <Modal
      visible
      size="max"
      header={NEW_ORDER_TEXT.title}
      onDismiss={close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button variant="link" onClick={close} disabled={busy !== null}>
              {NEW_ORDER_TEXT.close}
            </Button>
            <PdfControl
              canSave={false}
              disabled={form.lines.length === 0}
              options={location ? { packingLocationName: location.name } : undefined}
              invoice={() => ({
                orderNum: 'New order',
                createdAt: new Date().toISOString(),
                customer: { customerName },
                pickupOrder: state.pickupOrder,
                deliveryDate: state.deliveryDate || null,
                dollarAdjustment: toDollars(form.totals.discount),
                discountNotes: state.discount.on ? state.discount.notes : undefined,
                notes: state.notes,
                orderStatus: 'DRAFT',
                paymentStatus: 'DRAFT',
                orderedItems: form.lines,
              })}
            />
            <Button
              onClick={() => void save('draft')}
              disabled={!canSave || (busy !== null && busy !== 'draft')}
              loading={busy === 'draft'}
              loadingText="Saving draft"
            >
              {NEW_ORDER_TEXT.draft}
            </Button>
            <Button
              variant="primary"
              onClick={() => void save('submit')}
              disabled={!canSave || (busy !== null && busy !== 'submit')}
              loading={busy === 'submit'}
              loadingText="Submitting"
            >
              {NEW_ORDER_TEXT.submit}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <DialogNotifications />
      <SpaceBetween size="m">
        {failure !== null && (
          <Alert type="error" statusIconAriaLabel="Error" dismissible onDismiss={() => setFailure(null)}>
            The order was not saved. {failure}
          </Alert>
        )}
        <div className="ob-layout ob-layout--modal">
          <div className="ob-column">
            <CustomerPicker customers={data.customers} value={state.customerId} onChange={form.setCustomer} />
            <OrderNotesField form={form} />
            <DeliverySection form={form} data={data} />
            <Container header={<Header variant="h3">Products</Header>}>
              <OrderProductMenu form={form} data={data} />
            </Container>
          </div>
          <div className="ob-column">
            <CreditHoldPreview customerId={state.customerId} totalCents={form.totals.total} />
            <OrderPreviewSection form={form} showCost={showCost} costToggle />
          </div>
        </div>
      </SpaceBetween>
    </Modal>
  );
}
