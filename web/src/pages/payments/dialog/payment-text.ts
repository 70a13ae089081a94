import { PAYMENT_MESSAGES } from '@bo/shared';

/** The dialog's words (spec sections 2, 8 and 9). */
export const PAYMENT_TEXT = {
  addTitle: 'Add Payment',
  editTitle: 'Edit Payment',
  close: 'Close',
  submit: 'Submit',
  update: 'Update',
  customer: 'Customer*',
  paymentDate: 'Payment date',
  method: 'Method',
  amount: 'Amount',
  useCredit: 'Use customer credit',
  credit: 'Credit used',
  notes: 'Notes',
  applyTo: 'Apply To',
  single: 'Single',
  split: 'Split',
  balanceSelected: 'Balance to selected orders',
  noOrders: 'No Orders Found',
  chooseCustomer: 'Choose a customer to see their orders',
  ordersError: 'Failed to load orders.',
  creditError: 'Failed to load the available credit.',
  submitFailed: PAYMENT_MESSAGES.submitFailed,
  notFound: 'Payment not found.',
  loadFailed: 'The payment could not be loaded.',
} as const;
