import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonGroup from '@cloudscape-design/components/button-group';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { canSeeCosts, creationStatuses, purchaseTotalsToWire, type NewPurchaseOrderBody } from '@bo/shared';
import { apiCall } from '../../../api/client';
import { invalidateRoutes, useApiQuery } from '../../../api/hooks';
import { useSession } from '../../../auth/session';
import { useModals } from '../../../modals/context';
import DialogNotifications from '../../../notifications/DialogNotifications';
import { useNotifications } from '../../../notifications/notifications';
import type { NewPurchaseOrderModalProps, SavedPurchaseOrder } from './index';
import PurchaseOrderWorkspace from './PurchaseOrderWorkspace';
import { CLOSE_AFTER_SUCCESS_MS, PURCHASE_QUERY_ROUTES, saveFailure } from './save-outcome';
import { useDebouncedText } from './use-debounced-text';
import { purchaseItemsBody, usePurchaseForm, type PurchaseFormState } from './use-purchase-form';
import { useRestockData } from './use-restock-data';
import { useGuardedClose } from '../../../components/close-guard';

declare module '../../../modals/context' {
  interface ModalPropsByName {
    NewPurchaseOrder: NewPurchaseOrderModalProps;
  }
}

export const NEW_PO_TEXT = {
  title: 'New Purchase Order',
  close: 'Close',
  submit: 'Submit',
  draft: 'Save as draft',
  preview: 'Order Preview',
} as const;

/** Spec section 9: notes reach the order 2 s after typing stops on New Purchase Order. */
export const NEW_NOTES_DEBOUNCE_MS = 2000;

const EMPTY: PurchaseFormState = { brandId: null, expectedDeliveryOn: '', notes: '', selected: [], quantities: {} };

/**
 * Modal registry `NewPurchaseOrder` (spec section 2, Purchasing): full screen; brand, expected delivery, notes,
 * the restock box and the product table on the left, the preview on the right. Submit creates it PENDING, the
 * 'Save as draft' icon button DRAFT (payment status the same); the dialog closes 2.5 s after success.
 */
export default function NewPurchaseOrderModal({
  onSaved,
  onDismiss,
}: NewPurchaseOrderModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const showCost = canSeeCosts(session.roles);
  const { openModal } = useModals();
  const notify = useNotifications();
  const queryClient = useQueryClient();
  const brands = useApiQuery('brands.getAll', {}, { select: (r) => r.res });
  const formState = useState<PurchaseFormState>(EMPTY);
  const [state, setState] = formState;
  const data = useRestockData(state.brandId);
  const form = usePurchaseForm(formState, data.rows);
  const notes = useDebouncedText('', (value) => setState((s) => ({ ...s, notes: value })), NEW_NOTES_DEBOUNCE_MS);
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const dirty =
    !done &&
    (state.brandId !== null ||
      state.expectedDeliveryOn !== '' ||
      notes.text.trim() !== '' ||
      state.selected.length > 0);
  const canSave = form.problems.length === 0 && !done;

  const close = useGuardedClose(dirty, busy, onDismiss);

  const changeBrand = (brandId: string) => {
    if (brandId === state.brandId) return;
    const apply = () => setState((s) => ({ ...s, brandId, selected: [], quantities: {} }));
    if (state.selected.length === 0) return apply();
    const name = brands.data?.find((b) => b.id === state.brandId)?.name ?? 'this brand';
    openModal('Confirmation', {
      title: 'Change brand?',
      message: `The ${state.selected.length} products selected from ${name} will be removed from this order.`,
      confirmLabel: 'Change brand',
      cancelLabel: 'Keep brand',
      onConfirm: apply,
    });
  };

  const save = async (kind: 'submit' | 'draft') => {
    const typedNotes = notes.flush().trim();
    // Spec section 5: without a brand or an item, submission stops (the buttons are disabled then).
    if (!canSave || busy) return;
    setBusy(kind);
    setFailure(null);
    const brandName = data.brand.data?.name ?? '';
    const body: NewPurchaseOrderBody = {
      brandID: state.brandId ?? '',
      expectedDeliveryOn: state.expectedDeliveryOn || null,
      ...creationStatuses(kind),
      ...purchaseTotalsToWire(form.totals),
      notes: typedNotes || null,
      purchaseOrderItems: purchaseItemsBody(form.lines, brandName),
    };
    try {
      const created: SavedPurchaseOrder = await apiCall('purchases.new', { body });
      await invalidateRoutes(queryClient, PURCHASE_QUERY_ROUTES);
      notify.success(
        `Purchase order ${created.purchaseOrderNum} for ${brandName} ${kind === 'draft' ? 'saved as draft' : 'submitted'}.`,
      );
      setDone(true);
      onSaved?.(created);
      closeTimer.current = setTimeout(onDismiss, CLOSE_AFTER_SUCCESS_MS);
    } catch (error) {
      // The dialog stays open with everything as it was.
      console.error('Purchase order create failed', error);
      setFailure(saveFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const locked = busy !== null || done;
  return (
    <Modal
      visible
      size="max"
      header={NEW_PO_TEXT.title}
      onDismiss={close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button variant="link" onClick={close} disabled={busy !== null}>
              {NEW_PO_TEXT.close}
            </Button>
            <ButtonGroup
              variant="icon"
              ariaLabel="More save options"
              onItemClick={({ detail }) => detail.id === 'draft' && void save('draft')}
              items={[
                {
                  type: 'icon-button',
                  id: 'draft',
                  iconName: 'file',
                  text: NEW_PO_TEXT.draft,
                  disabled: !canSave || (busy !== null && busy !== 'draft'),
                  disabledReason: form.problems[0],
                  loading: busy === 'draft',
                },
              ]}
            />
            <Button
              variant="primary"
              onClick={() => void save('submit')}
              disabled={!canSave || (busy !== null && busy !== 'submit')}
              disabledReason={form.problems[0]}
              loading={busy === 'submit'}
              loadingText="Submitting"
            >
              {NEW_PO_TEXT.submit}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <DialogNotifications />
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
          onBrand={changeBrand}
          brandLocked={false}
          notes={notes}
          previewTitle={NEW_PO_TEXT.preview}
          showCost={showCost}
          disabled={locked}
        />
      </SpaceBetween>
    </Modal>
  );
}
