import Modal from '@cloudscape-design/components/modal';
import type { AddPaymentModalProps, EditPaymentModalProps } from './props';
import './props';

/** Placeholder while the dialog is being built (issue 13); replaced by the real Add/Edit Payment dialog. */
export default function AddPaymentModal(props: AddPaymentModalProps & { onDismiss: () => void }) {
  return <Modal visible onDismiss={props.onDismiss} header="Add Payment" />;
}

export function EditPaymentModal(props: EditPaymentModalProps & { onDismiss: () => void }) {
  return <Modal visible onDismiss={props.onDismiss} header="Edit Payment" />;
}
