import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  canSeeCosts,
  hasPurchaseOrderChanges,
  purchaseTotalsToWire,
  updateButtonState,
  type PaymentStatus,
  type PurchaseOrder,
  type PurchaseOrderEditState,
  type PurchaseOrderStatus,
  type UpdatePurchaseOrderBody,
} from '@bo/shared';
import { useCan } from '../../../access/route-access';
import { apiCall, errorMessage } from '../../../api/client';
import { invalidateRoutes, useApiQuery } from '../../../api/hooks';
import { useSession } from '../../../auth/session';
import { formatDate, formatDay } from '../../../format/dates';
import DialogNotifications from '../../../notifications/DialogNotifications';
import { useNotifications } from '../../../notifications/notifications';
import StatusPicker from '../../../components/StatusPicker';
import HoverTooltip from './HoverTooltip';
import type { EditPurchaseOrderModalProps, SavedPurchaseOrder } from './index';
import { PURCHASE_PAYMENT_STATUS_OPTIONS, purchaseOrderStatusOptions } from './purchase-statuses';
import PurchaseOrderWorkspace from './PurchaseOrderWorkspace';
import { CLOSE_AFTER_SUCCESS_MS, PURCHASE_QUERY_ROUTES, purchaseOrderHref, saveFailure } from './save-outcome';
import { useDebouncedText } from './use-debounced-text';
import { purchaseItemsBody, usePurchaseForm, type PurchaseFormState } from './use-purchase-form';
import { useRestockData } from './use-restock-data';
import { useGuardedClose } from '../../../components/close-guard';

declare module '../../../modals/context' {
  interface ModalPropsByName {
    EditPurchaseOrder: EditPurchaseOrderModalProps;
  }
}

export const EDIT_PO_TEXT = {
  title: 'Edit Purchase Order',
  preview: 'Purchase Order Preview',
  update: 'Update',
  close: 'Close',
  notFound: 'Purchase order not found.',
} as const;

/** Spec section 9: notes reach the order 0.5 s after typing stops on Edit Purchase Order. */
export const EDIT_NOTES_DEBOUNCE_MS = 500;

/**
 * Modal registry `EditPurchaseOrder` (spec section 2, Purchasing), opened with `{ id }` or `{ purchaseOrderNum }`:
 * the New Purchase Order layout plus Order Status and Payment Status pickers (each with its last change) and
 * Update, enabled only when something changed (shared `changes` rule) and not while saving.
 */
export default function EditPurchaseOrderModal({
  id,
  purchaseOrderNum,
  onSaved,
  onDismiss,
}: EditPurchaseOrderModalProps & { onDismiss: () => void }) {
  const key = id ?? purchaseOrderNum ?? '';
  const order = useApiQuery('purchases.getById', { params: { id: key } }, { select: (r) => r.res });
  // The loaded order is kept while the dialog is open: a refetch after saving must not reset the form.
  const [loaded, setLoaded] = useState<PurchaseOrder | null>(null);
  if (!loaded && order.data) setLoaded(order.data);
  // One dialog for the whole life of the editor (loading, then loaded): the editor renders its footer into it
  // through a portal and tells it what Close does.
  const [footerEl, setFooterEl] = useState<HTMLElement | null>(null);
  const closeRef = useRef<() => void>(onDismiss);

  let content: ReactNode;
  if (loaded)
    content = (
      <LoadedEditor order={loaded} onSaved={onSaved} onDismiss={onDismiss} footerEl={footerEl} closeRef={closeRef} />
    );
  else {
    const failed = order.isError ? order.error : null;
    content = (
      <>
        {failed ? (
          <Alert type="error" statusIconAriaLabel="Error">
            {failed.status === 404
              ? EDIT_PO_TEXT.notFound
              : errorMessage(failed, 'The purchase order could not be loaded.')}
          </Alert>
        ) : (
          <StatusIndicator type="loading">Loading purchase order</StatusIndicator>
        )}
        {footerEl &&
          createPortal(
            <Box float="right">
              <Button variant="link" onClick={onDismiss}>
                {EDIT_PO_TEXT.close}
              </Button>
            </Box>,
            footerEl,
          )}
      </>
    );
  }
  return (
    <Modal
      visible
      size="max"
      header={EDIT_PO_TEXT.title}
      onDismiss={() => closeRef.current()}
      footer={<div ref={setFooterEl} />}
    >
      <DialogNotifications />
      {content}
    </Modal>
  );
}

const formFromOrder = (order: PurchaseOrder): PurchaseFormState => ({
  brandId: order.brandID,
  expectedDeliveryOn: order.expectedDeliveryOn?.slice(0, 10) ?? '',
  notes: order.notes ?? '',
  selected: order.purchaseOrderItems.map((i) => i.productSku),
  quantities: Object.fromEntries(order.purchaseOrderItems.map((i) => [i.productSku, String(i.quantity)])),
});

const editState = (order: PurchaseOrder): PurchaseOrderEditState => ({
  orderStatus: order.orderStatus,
  paymentStatus: order.paymentStatus,
  expectedDeliveryOn: order.expectedDeliveryOn,
  notes: order.notes,
  items: order.purchaseOrderItems.map((i) => ({ productSku: i.productSku, orderQuantity: i.quantity })),
});

interface Statuses {
  orderStatus: PurchaseOrderStatus;
  paymentStatus: PaymentStatus;
}

function LoadedEditor({
  order,
  onSaved,
  onDismiss,
  footerEl,
  closeRef,
}: {
  order: PurchaseOrder;
  onSaved?: (order: SavedPurchaseOrder) => void;
  onDismiss: () => void;
  footerEl: HTMLElement | null;
  closeRef: RefObject<() => void>;
}) {
  const session = useSession();
  const showCost = canSeeCosts(session.roles);
  // Readers (INVENTORY) see the order as it is; only the writers' route offers Update.
  const canUpdate = useCan()('purchases.update');
  const notify = useNotifications();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const brands = useApiQuery('brands.getAll', {}, { select: (r) => r.res });
  const formState = useState<PurchaseFormState>(() => formFromOrder(order));
  const [state, setState] = formState;
  const data = useRestockData(order.brandID, order);
  const form = usePurchaseForm(formState, data.rows);
  const notes = useDebouncedText(
    order.notes ?? '',
    (value) => setState((s) => ({ ...s, notes: value })),
    EDIT_NOTES_DEBOUNCE_MS,
  );
  const [statuses, setStatuses] = useState<Statuses>({
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
  });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const current = (typedNotes: string): PurchaseOrderEditState => ({
    ...statuses,
    expectedDeliveryOn: state.expectedDeliveryOn,
    notes: typedNotes,
    items: form.lines.map((l) => ({ productSku: l.row.sku, orderQuantity: l.orderQuantity })),
  });
  const loadedState = editState(order);
  // Update follows the notes once their debounce has passed (spec section 9); Close asks about what is typed.
  const changed = hasPurchaseOrderChanges(loadedState, current(state.notes));
  const dirty = !done && hasPurchaseOrderChanges(loadedState, current(notes.text));
  const button = updateButtonState(changed, busy);
  const blocked = form.problems[0] ?? null;

  const close = useGuardedClose(dirty, busy, onDismiss);

  useLayoutEffect(() => {
    closeRef.current = close;
  });

  const update = async () => {
    const typedNotes = notes.flush().trim();
    if (busy || done || blocked || !hasPurchaseOrderChanges(loadedState, current(typedNotes))) return;
    setBusy(true);
    setFailure(null);
    const body: UpdatePurchaseOrderBody = {
      brandID: order.brandID,
      purchaseOrderNum: order.purchaseOrderNum,
      expectedDeliveryOn: state.expectedDeliveryOn || null,
      orderStatus: statuses.orderStatus,
      paymentStatus: statuses.paymentStatus,
      ...purchaseTotalsToWire(form.totals),
      notes: typedNotes || null,
      purchaseOrderItems: purchaseItemsBody(form.lines, order.brand ?? data.brand.data?.name ?? ''),
      modifiedOn: order.modifiedOn,
    };
    try {
      const saved: SavedPurchaseOrder = await apiCall('purchases.update', { params: { id: order.id }, body });
      await invalidateRoutes(queryClient, PURCHASE_QUERY_ROUTES);
      notify.success(`Purchase order ${saved.purchaseOrderNum} updated.`);
      setDone(true);
      onSaved?.(saved);
      if (saved.purchaseOrderNum !== order.purchaseOrderNum) void navigate(purchaseOrderHref(saved.purchaseOrderNum));
      closeTimer.current = setTimeout(onDismiss, CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      // Refusals (a stale copy, cancelling a received order …) are shown; the dialog keeps its changes.
      console.error('Purchase order update failed', error);
      setFailure(saveFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const locked = busy || done || !canUpdate;
  const statusPickers = (
    <SpaceBetween size="s">
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Purchase order #', value: order.purchaseOrderNum },
          { label: 'Placed', value: formatDate(order.orderPlacedOn) },
          { label: 'Received', value: order.receivedOn ? formatDay(order.receivedOn) : 'Not yet' },
        ]}
      />
      <div className="po-statuses">
        <StatusPicker
          label="Order Status"
          value={statuses.orderStatus}
          options={purchaseOrderStatusOptions(order)}
          changedOn={order.statusModifiedOn}
          onChange={(v) => setStatuses((s) => ({ ...s, orderStatus: v as PurchaseOrderStatus }))}
          changed={statuses.orderStatus !== order.orderStatus}
          disabled={locked}
          testId="po-order-status"
        />
        <StatusPicker
          label="Payment Status"
          value={statuses.paymentStatus}
          options={PURCHASE_PAYMENT_STATUS_OPTIONS}
          changedOn={order.paymentModifiedOn}
          onChange={(v) => setStatuses((s) => ({ ...s, paymentStatus: v as PaymentStatus }))}
          changed={statuses.paymentStatus !== order.paymentStatus}
          disabled={locked}
          testId="po-payment-status"
        />
      </div>
    </SpaceBetween>
  );

  const updateButton = (
    <Button
      variant="primary"
      onClick={() => void update()}
      disabled={button.disabled || blocked !== null || done}
      disabledReason={blocked && changed ? blocked : button.tooltip}
      loading={busy}
      loadingText="Updating"
    >
      {EDIT_PO_TEXT.update}
    </Button>
  );

  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Button variant="link" onClick={close} disabled={busy}>
          {EDIT_PO_TEXT.close}
        </Button>
        {!canUpdate ? null : button.disabled || blocked !== null || done ? (
          updateButton
        ) : (
          <HoverTooltip content={button.tooltip}>{updateButton}</HoverTooltip>
        )}
      </SpaceBetween>
    </Box>
  );

  return (
    <>
      <SpaceBetween size="m">
        {failure !== null && (
          <Alert type="error" statusIconAriaLabel="Error" dismissible onDismiss={() => setFailure(null)}>
            The purchase order was not saved. {failure}
          </Alert>
        )}
        <PurchaseOrderWorkspace
          form={form}
          data={data}
          brands={brands}
          onBrand={() => undefined}
          brandLocked
          notes={notes}
          top={statusPickers}
          previewTitle={EDIT_PO_TEXT.preview}
          showCost={showCost}
          disabled={locked}
        />
      </SpaceBetween>
      {footerEl && createPortal(footer, footerEl)}
    </>
  );
}
