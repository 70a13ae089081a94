import PaymentDialog from './PaymentDialog';
import type { AddPaymentModalProps, EditPaymentModalProps } from '../../../components/payments/payment-dialog-props';
import '../../../components/payments/payment-dialog-props';

/** Modal registry `AddPayment` (spec section 2, Payments). */
export default function AddPaymentModal({
  customerId,
  orderId,
  onDismiss,
}: AddPaymentModalProps & { onDismiss: () => void }) {
  return <PaymentDialog mode="new" customerId={customerId} orderId={orderId} onDismiss={onDismiss} />;
}

/** Modal registry `EditPayment`: the same dialog over a stored payment, Update instead of Submit. */
export function EditPaymentModal({ paymentId, onDismiss }: EditPaymentModalProps & { onDismiss: () => void }) {
  return <PaymentDialog mode="edit" paymentId={paymentId} onDismiss={onDismiss} />;
}
