import type { PurchaseOrder } from '@bo/shared';

/**
 * The purchase-order editor dialogs (issue 12): `NewPurchaseOrder` and `EditPurchaseOrder`, opened by name
 * through `useModals().openModal`. Pages import these types only; the dialogs load on first open.
 */

/** What a dialog hands to `onSaved`: the order as the server answered (update's answer has no `brand`). */
export type SavedPurchaseOrder = Omit<PurchaseOrder, 'brand'> & { brand?: string };

export interface NewPurchaseOrderModalProps {
  /** Called once the order is created (the dialog closes 2.5 s later). */
  onSaved?: (order: SavedPurchaseOrder) => void;
}

export type EditPurchaseOrderModalProps = (
  { id: string; purchaseOrderNum?: undefined } | { purchaseOrderNum: string; id?: undefined }
) & {
  /** Called once the update is saved (the dialog closes 2.5 s later). */
  onSaved?: (order: SavedPurchaseOrder) => void;
};
