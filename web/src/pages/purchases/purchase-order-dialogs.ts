import { useMemo } from 'react';
import { useModals, type ModalPropsByName, type RegisteredModal } from '../../modals/context';
import type { ModalName } from '../../modals/names';

/** A dialog's props once it is registered; any object before. */
type PropsOf<N extends ModalName> = N extends RegisteredModal ? ModalPropsByName[N] : object;
type OpenByName = <N extends ModalName>(name: N, props: PropsOf<N>) => () => void;

/**
 * Opens the purchase-order editor's dialogs by their spec names (`NewPurchaseOrder` with no props,
 * `EditPurchaseOrder` with `{ id }`). The editor (`./editor/`) declares and registers them on its own branch:
 * until both are merged `openModal` is called through a form that accepts names not registered yet, and once
 * they are, the props here are checked against the editor's own.
 */
export function usePurchaseOrderDialogs() {
  const { openModal } = useModals();
  return useMemo(() => {
    const open = openModal as unknown as OpenByName;
    return {
      newPurchaseOrder: () => open('NewPurchaseOrder', {}),
      editPurchaseOrder: (id: string) => open('EditPurchaseOrder', { id }),
    };
  }, [openModal]);
}
