import Modal from '@cloudscape-design/components/modal';
import OrderEditor, { type OrderFrameProps } from './builder/OrderEditor';
import DialogNotifications from '../../notifications/DialogNotifications';

export interface EditOrderModalProps {
  /** The order's id (or its number). */
  orderId: string;
}

function DialogFrame({ header, content, footer, onDismiss }: OrderFrameProps) {
  return (
    <Modal visible size="max" header={header} onDismiss={onDismiss} footer={footer}>
      <DialogNotifications />
      {content}
    </Modal>
  );
}

/**
 * Modal registry `EditOrder` (spec section 2): status and payment-status pickers, notes, delivery block,
 * '+ Add Products to Order', the preview, saved invoices and the change history. Close, Save (stays open),
 * Update (saves and closes).
 */
export default function EditOrderModal({ orderId, onDismiss }: EditOrderModalProps & { onDismiss: () => void }) {
  return <OrderEditor orderId={orderId} frame={{ Frame: DialogFrame, onClose: onDismiss }} />;
}
