import { useMemo } from 'react';
import type { Return } from '@bo/shared';
import { useCan } from '../../access/route-access';
import { useModals } from '../../modals/context';

/**
 * The return dialogs' props, declared apart from their components so screens open them by name without
 * importing them (`pages/orders/returns/` and `pages/customers/` build them).
 */
export interface ReturnItemsModalProps {
  /** The order's id (or number). */
  orderId: string;
}

export interface ConfirmRestockModalProps {
  creditNote: Return;
}

export interface CustomerReturnsModalProps {
  customerId: string;
  customerName: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    ReturnItems: ReturnItemsModalProps;
    ConfirmRestock: ConfirmRestockModalProps;
    CustomerReturns: CustomerReturnsModalProps;
  }
}

/**
 * The return dialogs by their registry names, for the screens that offer them. What each role is offered follows
 * the route table: SALES and ADMIN make returns, INVENTORY and ADMIN confirm restocks, SALES, INVENTORY and ADMIN
 * read them.
 */
export function useReturnDialogs() {
  const { openModal } = useModals();
  const can = useCan();
  const canReturn = can('returns.new');
  const canConfirm = can('returns.confirmRestock');
  const canRead = can('returns.getByCustomer');
  return useMemo(
    () => ({
      canReturn,
      canConfirm,
      canRead,
      returnItems: (orderId: string) => openModal('ReturnItems', { orderId }),
      confirmRestock: (creditNote: Return) => openModal('ConfirmRestock', { creditNote }),
      customerReturns: (customer: CustomerReturnsModalProps) => openModal('CustomerReturns', customer),
    }),
    [openModal, canReturn, canConfirm, canRead],
  );
}
