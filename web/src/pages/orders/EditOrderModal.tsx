import Modal from '@cloudscape-design/components/modal';
import { useCan } from '../../access/route-access';
import OrderEditor, { type OrderFrameProps } from './builder/OrderEditor';
import OrderReadOnlyView from './OrderReadOnlyView';
import DialogNotifications from '../../notifications/DialogNotifications';

export interface EditOrderModalProps {
  /** The order's id (or its number). */
  orderId: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    EditOrder: EditOrderModalProps;
  }
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
 * Update (saves and closes). Roles that may only read orders see the read-only view.
 */
export default function EditOrderModal({ orderId, onDismiss }: EditOrderModalProps & { onDismiss: () => void }) {
  const frame = { Frame: DialogFrame, onClose: onDismiss };
  if (!useCan()('orders.update')) return <OrderReadOnlyView orderId={orderId} frame={frame} />;
  return <OrderEditor orderId={orderId} frame={frame} />;
}
