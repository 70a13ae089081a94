import { useMemo } from 'react';
import { useModals } from '../../modals/context';
import type { ModalName } from '../../modals/names';

/** The editor's props of EditPurchaseOrder: the order's id. */
export interface EditPurchaseOrderTarget {
  id: string;
}

type OpenByName = (name: ModalName, props: object) => () => void;

/**
 * Opens the purchase-order editor's dialogs by their spec names (`NewPurchaseOrder` with no props,
 * `EditPurchaseOrder` with `{ id }`). They are declared and registered by the editor (`./editor/`), which is
 * built on another branch: `openModal` is called through its untyped form so these pages compile whether or
 * not that registration is present yet.
 */
export function usePurchaseOrderDialogs() {
  const { openModal } = useModals();
  return useMemo(() => {
    const open = openModal as unknown as OpenByName;
    return {
      newPurchaseOrder: () => open('NewPurchaseOrder', {}),
      editPurchaseOrder: (id: string) => open('EditPurchaseOrder', { id } satisfies EditPurchaseOrderTarget),
    };
  }, [openModal]);
}
