import { useModals } from '../modals/context';
import type { ConfirmationModalProps } from './ConfirmationModal';

/** Close with unsaved changes asks first (spec section 2: the dialogs of orders and purchasing). */
export const closeConfirmation = (onConfirm: () => void): ConfirmationModalProps => ({
  title: 'Unsaved changes',
  message: 'You have unsaved changes. Are you sure you want to close?',
  confirmLabel: 'Yes, close',
  cancelLabel: 'No, go back',
  onConfirm,
});

/** A dialog's Close: nothing while it is busy (true, or the label of what it is doing), at once when nothing changed, else after the confirmation. */
export function useGuardedClose(dirty: boolean, busy: boolean | string | null, onClose: () => void): () => void {
  const { openModal } = useModals();
  return () => {
    if (busy) return;
    if (!dirty) return onClose();
    openModal('Confirmation', closeConfirmation(onClose));
  };
}
