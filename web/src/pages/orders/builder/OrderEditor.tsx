import { useLayoutEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  canSaveOrder,
  canSeeCosts,
  earnedPaymentStatus,
  holdStatusRefusal,
  orderNumberOnStatusChange,
  toCents,
  toDollars,
  type Order,
  type OrderNumberMemory,
  type OrderStatus,
  type Product,
  type UpdateOrderBody,
} from '@bo/shared';
import { apiCall, errorMessage, type ApiError } from '../../../api/client';
import { apiQueryKey, invalidateRoutes, useApiQuery } from '../../../api/hooks';
import { useSession } from '../../../auth/session';
import ChangeLogPanel from '../../../components/ChangeLogPanel';
import LazyMount from '../../../components/LazyMount';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { useNotifications } from '../../../notifications/notifications';
import { formatDate } from '../../../format/dates';
import { statusOptions } from '../../../format/statuses';
import { itemsFromOrder, linesSignature, toLineInputs } from './cart-model';
import InvoicesList from './InvoicesList';
import OrderPaymentsSection from '../../../components/payments/OrderPaymentsSection';
import OrderReturnsSection, { showsReturns } from '../returns/OrderReturnsSection';
import OrderDeliverySection, { showsDelivery } from '../delivery-proof/OrderDeliverySection';
import StatusPicker from '../../../components/StatusPicker';
import { ORDER_QUERY_ROUTES } from './order-routes';
import CreditHoldAlert from '../credit-hold/CreditHoldAlert';
import { CREDIT_HOLD_TEXT } from '../credit-hold/credit-hold-text';
import PdfControl from './PdfControl';
import { useOrderData, useOrderDataSettled } from './use-order-data';
import { useOrderForm, type OrderForm, type OrderFormState } from './use-order-form';
import './builder.css';
import { AddProductsSection, OrderNotesField, DeliverySection, OrderPreviewSection } from './OrderSections';
import { useGuardedClose } from '../../../components/close-guard';
import { dayError } from '../../../components/date-window';

export const EDIT_ORDER_TEXT = {
  title: 'Edit Order',
  addProducts: '+ Add Products to Order',
  save: 'Save',
  update: 'Update',
  close: 'Close',
  numberFailed: 'Failed to fetch order number',
} as const;

/** Invoice list refresh after a PDF is saved to the server, and after a Save (spec section 9). */
export const INVOICE_REFRESH_AFTER_PDF_MS = 1500;
export const INVOICE_REFRESH_AFTER_SAVE_MS = 3000;

export interface OrderFrameProps {
  header: ReactNode;
  content: ReactNode;
  footer: ReactNode;
  onDismiss: () => void;
}

export interface OrderEditorFrame {
  /** Renders the editor's content and footer (a dialog or a page); `onDismiss` asks before dropping changes. */
  Frame: ComponentType<OrderFrameProps>;
  /** Called after Update, and by Close once confirmed. */
  onClose: () => void;
  /** On a page, leaving with unsaved changes asks first. */
  guardNavigation?: boolean;
  /** After a Save that stays open (e.g. the page follows a new order number). */
  onSaved?: (order: Order) => void;
}

const ORDER_STATUS_OPTIONS: SelectProps.Option[] = statusOptions('order');
const PAYMENT_STATUS_OPTIONS: SelectProps.Option[] = statusOptions('payment');

/**
 * Edit Order (spec section 2), as a dialog or the /orders/{orderNum} page: loads the order (by id or number)
 * and the catalogue, then edits them. After a Save the editor starts again from what the server answered.
 */
export default function OrderEditor({ orderId, frame }: { orderId: string; frame: OrderEditorFrame }) {
  const queryClient = useQueryClient();
  const order = useApiQuery('orders.getByID', { params: { id: orderId } }, { select: (r) => r.res });
  const [saved, setSaved] = useState<Order | null>(null);
  // The number memory outlives a Save: going back to DRAFT restores the draft number this dialog saw.
  const [numbers, setNumbers] = useState<NumberMemory>({ memory: {}, fetched: null });
  // A later answer (after a payment or a return made here) wins over the order the last Save answered.
  const current = saved && !(order.data && order.data.modifiedOn > saved.modifiedOn) ? saved : order.data;
  const settled = useOrderDataSettled(current);

  // One frame (dialog or page) for the whole life of the editor: the loaded editor renders into it, and
  // its footer through a portal, so the dialog is not replaced when the order arrives or after a Save.
  const [footerEl, setFooterEl] = useState<HTMLElement | null>(null);
  const closeRef = useRef<() => void>(frame.onClose);

  let content: ReactNode;
  if (!current || !settled) {
    const failed = order.isError ? order.error : null;
    content = (
      <>
        {failed ? (
          <Alert type="error" statusIconAriaLabel="Error">
            {failed.status === 404 ? 'Order not found.' : errorMessage(failed, 'The order could not be loaded.')}
          </Alert>
        ) : (
          <StatusIndicator type="loading">Loading order</StatusIndicator>
        )}
        {footerEl &&
          createPortal(
            <Box float="right">
              <Button variant="link" onClick={frame.onClose}>
                {EDIT_ORDER_TEXT.close}
              </Button>
            </Box>,
            footerEl,
          )}
      </>
    );
  } else
    content = (
      <LoadedEditor
        key={`${current.id}@${current.modifiedOn}`}
        order={current}
        frame={frame}
        footerEl={footerEl}
        closeRef={closeRef}
        numbers={numbers}
        setNumbers={setNumbers}
        onSaved={(next) => {
          // The saved order is cached under every address it may be opened by: the one open now, its id and its
          // number (which a status change may have changed). Otherwise going back to an address seen earlier (a
          // draft number restored) would show the version cached then, with its old number and modifiedOn.
          for (const id of new Set([orderId, next.id, next.orderNum]))
            queryClient.setQueryData(apiQueryKey('orders.getByID', { params: { id } }), { res: next });
          setSaved(next);
          frame.onSaved?.(next);
        }}
      />
    );
  const { Frame } = frame;
  return (
    <Frame
      header={EDIT_ORDER_TEXT.title}
      content={content}
      footer={<div ref={setFooterEl} />}
      onDismiss={() => closeRef.current()}
    />
  );
}

interface NumberMemory {
  memory: OrderNumberMemory;
  /** A number fetched for this order and not used up: leaving DRAFT again reuses it. */
  fetched: string | null;
}

function NavigationGuard({ dirty }: { dirty: boolean }) {
  useUnsavedChangesGuard(dirty);
  return null;
}

const formFromOrder = (order: Order, productsBySku: ReadonlyMap<string, Product>): OrderFormState => ({
  customerId: order.customerID,
  notes: order.notes ?? '',
  pickupOrder: order.pickupOrder,
  deliveryDate: order.deliveryDate ?? '',
  driverId: order.driverId,
  packingOverride: order.packingLocationId,
  items: itemsFromOrder(order.orderedItems, productsBySku),
  discount: {
    on: order.dollarAdjustment > 0 || Boolean(order.discountNotes),
    text: order.dollarAdjustment > 0 ? order.dollarAdjustment.toFixed(2) : '',
    notes: order.discountNotes ?? '',
  },
});

interface Statuses {
  orderStatus: OrderStatus;
  orderNum: string;
}

/** What "unsaved changes" compares (spec section 4: status, notes, delivery fields; also lines and discount). */
const snapshot = (
  form: Pick<OrderForm, 'state' | 'lines' | 'discountCents' | 'packingLocationId' | 'delivery'>,
  s: Statuses,
) =>
  JSON.stringify([
    s.orderStatus,
    s.orderNum,
    form.state.notes.trim(),
    form.delivery.pickupOrder,
    form.delivery.deliveryDate,
    form.delivery.driverId,
    form.packingLocationId,
    linesSignature(form.lines),
    form.discountCents ?? 0,
    form.state.discount.on ? form.state.discount.notes.trim() : '',
  ]);

const orderSnapshot = (order: Order) =>
  JSON.stringify([
    order.orderStatus,
    order.orderNum,
    (order.notes ?? '').trim(),
    order.pickupOrder,
    order.deliveryDate ?? '',
    order.pickupOrder ? null : order.driverId,
    order.packingLocationId,
    linesSignature(order.orderedItems),
    toCents(order.dollarAdjustment || 0),
    (order.discountNotes ?? '').trim(),
  ]);

function LoadedEditor({
  order,
  frame,
  footerEl,
  closeRef,
  numbers,
  setNumbers,
  onSaved,
}: {
  order: Order;
  frame: OrderEditorFrame;
  footerEl: HTMLElement | null;
  closeRef: RefObject<() => void>;
  numbers: NumberMemory;
  setNumbers: (next: NumberMemory) => void;
  onSaved: (order: Order) => void;
}) {
  const session = useSession();
  const showCost = canSeeCosts(session.roles);
  const notify = useNotifications();
  const queryClient = useQueryClient();
  // The catalogue (thousands of products) only for the product menu, asked for as the user goes to open it; at
  // once only when a line saved without its product id needs it to find its product.
  const [catalogue, setCatalogue] = useState(() => order.orderedItems.some((line) => !line.productId));
  const data = useOrderData(order.customerID, { exceptOrderId: order.id, catalogue });
  const form = useOrderForm(() => formFromOrder(order, data.productsBySku), data, {
    loaded: { status: order.orderStatus, lines: order.orderedItems },
  });
  const { state } = form;
  const [statuses, setStatuses] = useState<Statuses>({
    orderStatus: order.orderStatus,
    orderNum: order.orderNum,
  });
  const [numberBusy, setNumberBusy] = useState(false);
  const [busy, setBusy] = useState<'save' | 'update' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState(() => orderSnapshot(order));

  const dirty = snapshot(form, statuses) !== initial;
  // Earned, not chosen (issue 23): what the order's status, total and payments give, as the server will store.
  const paymentStatus = earnedPaymentStatus({
    orderStatus: statuses.orderStatus,
    total: form.totals.total,
    paid: toCents(order.total) - toCents(order.balanceDue),
  });
  const canSave =
    canSaveOrder(state.customerId, form.lines) && !numberBusy && !dayError('Delivery date', state.deliveryDate);
  const customerName = order.customer.customerName;

  const close = useGuardedClose(dirty, busy, frame.onClose);

  useLayoutEffect(() => {
    closeRef.current = close;
  });

  const changeStatus = async (to: OrderStatus) => {
    if (to === statuses.orderStatus) return;
    const { change, memory: nextMemory } = orderNumberOnStatusChange(
      statuses.orderStatus,
      to,
      statuses.orderNum,
      numbers.memory,
    );
    let orderNum = statuses.orderNum;
    let fetched = numbers.fetched;
    if (change.kind === 'fetch') {
      if (fetched) orderNum = fetched;
      else {
        setNumberBusy(true);
        try {
          orderNum = (await apiCall('orders.createOrderNumber')).orderNum;
          fetched = orderNum;
        } catch (error) {
          console.error(EDIT_ORDER_TEXT.numberFailed, error);
          setFailure(EDIT_ORDER_TEXT.numberFailed);
          return;
        } finally {
          setNumberBusy(false);
        }
      }
    } else if (change.kind === 'restore') orderNum = change.orderNum;
    setNumbers({ memory: nextMemory, fetched });
    setStatuses((s) => ({ ...s, orderStatus: to, orderNum }));
  };

  const body = (): UpdateOrderBody => {
    const linesChanged = linesSignature(form.lines) !== linesSignature(order.orderedItems);
    const notes = state.notes.trim();
    return {
      orderNum: statuses.orderNum,
      deliveryType: state.pickupOrder ? 'pickup' : 'delivery',
      deliveryDate: state.deliveryDate || null,
      driverId: form.delivery.driverId,
      packingLocationId: form.packingLocationId,
      modifiedOn: order.modifiedOn,
      orderStatus: statuses.orderStatus,
      unitQuantity: form.totals.unitQuantity,
      ...(showCost ? { cost: toDollars(form.totals.cost) } : {}),
      subtotal: toDollars(form.totals.subtotal),
      dollarAdjustment: form.discountCents === null ? null : toDollars(form.totals.discount),
      discountNotes: state.discount.on ? state.discount.notes.trim() : '',
      notes,
      ...(linesChanged ? { orderItems: toLineInputs(form.lines) } : {}),
    };
  };

  const save = async (kind: 'save' | 'update') => {
    if (!canSave || busy) return;
    setBusy(kind);
    setFailure(null);
    try {
      const next = await apiCall('orders.update', { params: { id: order.id }, body: body() });
      await invalidateRoutes(
        queryClient,
        ORDER_QUERY_ROUTES.filter((r) => r !== 'orders.getByID'),
      );
      setTimeout(() => void invalidateRoutes(queryClient, ['storage.list']), INVOICE_REFRESH_AFTER_SAVE_MS);
      notify.success(`Order ${next?.orderNum ?? statuses.orderNum} saved.`);
      if (kind === 'update') frame.onClose();
      else if (next) onSaved(next);
    } catch (error) {
      // A failed update leaves the dialog open with its changes (spec section 4).
      console.error('Order update failed', error);
      setFailure(errorMessage(error as ApiError, 'The order was not saved. Try again.'));
    } finally {
      setBusy(null);
    }
  };

  const location = data.locations.data?.find((l) => l.id === form.packingLocationId);

  const content = (
    <SpaceBetween size="m">
      {(order.creditHold || order.creditHoldReleased) && (
        <CreditHoldAlert
          order={order}
          // Releasing reloads the order (a new modifiedOn): changes not saved yet would be lost.
          {...(dirty ? { blockedReason: CREDIT_HOLD_TEXT.saveFirst } : {})}
          onReleased={onSaved}
        />
      )}
      {failure !== null && (
        <Alert type="error" statusIconAriaLabel="Error" dismissible onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <div className={`ob-layout${frame.guardNavigation ? '' : ' ob-layout--modal'}`}>
        <div className="ob-column">
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Customer', value: customerName },
              {
                label: 'Order #',
                value: numberBusy ? (
                  <StatusIndicator type="loading">Getting a number</StatusIndicator>
                ) : (
                  statuses.orderNum
                ),
              },
              { label: 'Ordered', value: formatDate(order.createdAt) },
            ]}
          />
          <div className="ob-statuses">
            <StatusPicker
              label="Order status"
              value={statuses.orderStatus}
              options={ORDER_STATUS_OPTIONS}
              changedOn={order.statusModifiedOn}
              onChange={(v) => void changeStatus(v as OrderStatus)}
              changed={statuses.orderStatus !== order.orderStatus}
              disabled={numberBusy || busy !== null}
              // A held order stays at RECEIVED until an ADMIN releases it: the server refuses a later status.
              errorText={holdStatusRefusal(order.creditHold, statuses.orderStatus)}
              testId="order-status"
            />
            <StatusPicker
              label="Payment status"
              value={paymentStatus}
              options={PAYMENT_STATUS_OPTIONS}
              changedOn={order.paymentModifiedOn}
              note="Follows the order's payments"
              changed={paymentStatus !== order.paymentStatus}
              disabled={numberBusy || busy !== null}
              testId="payment-status"
            />
          </div>
          <OrderNotesField form={form} />
          <DeliverySection form={form} data={data} headerVariant={frame.guardNavigation ? 'h2' : 'h3'} />
          <AddProductsSection
            title={EDIT_ORDER_TEXT.addProducts}
            form={form}
            data={data}
            onApproach={() => setCatalogue(true)}
          />
          {/* Drawn (and fetched) after the top of the order is on screen: see LazyMount. */}
          <LazyMount estimatedHeight={90}>
            <InvoicesList customerName={customerName} orderNum={statuses.orderNum} />
          </LazyMount>
          <LazyMount estimatedHeight={190}>
            <OrderPaymentsSection
              orderId={order.id}
              customerId={order.customerID}
              balanceDue={order.balanceDue}
              {...(dirty ? { blockedReason: 'Save the order first: recording a payment reloads it' } : {})}
            />
          </LazyMount>
          {showsDelivery(order) && (
            <LazyMount estimatedHeight={120}>
              <OrderDeliverySection order={order} />
            </LazyMount>
          )}
          {showsReturns(order) && (
            <LazyMount estimatedHeight={150}>
              <OrderReturnsSection order={order} unsaved={dirty} />
            </LazyMount>
          )}
          <LazyMount estimatedHeight={240}>
            <ChangeLogPanel entityType="order" entityId={order.id} />
          </LazyMount>
        </div>
        <div className="ob-column">
          <OrderPreviewSection form={form} showCost={showCost} />
        </div>
      </div>
    </SpaceBetween>
  );

  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Button variant="link" onClick={close} disabled={busy !== null}>
          {EDIT_ORDER_TEXT.close}
        </Button>
        <PdfControl
          canSave
          disabled={form.lines.length === 0}
          options={location ? { packingLocationName: location.name } : undefined}
          onSaved={() =>
            setTimeout(() => void invalidateRoutes(queryClient, ['storage.list']), INVOICE_REFRESH_AFTER_PDF_MS)
          }
          invoice={() => ({
            orderNum: statuses.orderNum,
            createdAt: order.createdAt,
            customer: order.customer,
            pickupOrder: state.pickupOrder,
            deliveryDate: state.deliveryDate || null,
            dollarAdjustment: toDollars(form.totals.discount),
            discountNotes: state.discount.on ? state.discount.notes : undefined,
            notes: state.notes,
            orderStatus: statuses.orderStatus,
            paymentStatus,
            orderedItems: form.lines,
          })}
        />
        <Button
          onClick={() => void save('save')}
          disabled={!canSave || !dirty || (busy !== null && busy !== 'save')}
          loading={busy === 'save'}
          loadingText="Saving"
        >
          {EDIT_ORDER_TEXT.save}
        </Button>
        <Button
          variant="primary"
          onClick={() => void save('update')}
          disabled={!canSave || (busy !== null && busy !== 'update')}
          loading={busy === 'update'}
          loadingText="Updating"
        >
          {EDIT_ORDER_TEXT.update}
        </Button>
      </SpaceBetween>
    </Box>
  );

  return (
    <>
      {frame.guardNavigation && <NavigationGuard dirty={dirty && busy === null} />}
      {content}
      {footerEl && createPortal(footer, footerEl)}
    </>
  );
}
