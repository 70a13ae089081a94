/**
 * The payment dialogs' props (spec section 2: AddPayment, EditPayment), declared apart from their component
 * so pages can open them by name (`openModal('AddPayment', { customerId })`) without importing the dialog.
 */
export interface AddPaymentModalProps {
  /** The customer to start with (the picker still lets it change); none: the picker starts empty. */
  customerId?: string;
  /** An order to select to start with (from Edit Order or the receivables view). */
  orderId?: string;
}

export interface EditPaymentModalProps {
  paymentId: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    AddPayment: AddPaymentModalProps;
    EditPayment: EditPaymentModalProps;
  }
}
