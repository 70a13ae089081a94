import { useMemo } from 'react';
import { useCan } from '../../access/route-access';
import { useModals } from '../../modals/context';
import type { AddPaymentModalProps } from './payment-dialog-props';

/** The words of the two payment actions, wherever they are offered. */
export const PAYMENT_ACTIONS_TEXT = {
  record: 'Record payment',
  edit: 'Edit',
  /** A void payment opens read-only. */
  view: 'View',
} as const;

/**
 * The payment dialogs by their spec names, for the pages that open them (`pages/payments/dialog/` builds them). `canRecord`
 * and `canEdit` follow the route table (SALES and ADMIN): a reader (PAYROLL) is offered neither.
 */
export function usePaymentDialogs() {
  const { openModal } = useModals();
  const can = useCan();
  const canRecord = can('payments.add');
  const canEdit = can('payments.update');
  return useMemo(
    () => ({
      canRecord,
      canEdit,
      recordPayment: (props: AddPaymentModalProps = {}) => openModal('AddPayment', props),
      editPayment: (paymentId: string) => openModal('EditPayment', { paymentId }),
    }),
    [openModal, canRecord, canEdit],
  );
}
