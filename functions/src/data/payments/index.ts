/** Customer payments and receivables (issue 13), as the handlers use them. */
export type { PaymentItem, PaymentLinkItem } from './entity';
export { paymentEntity, paymentLinkEntity } from './entity';
export { getPayment, getReceivables, listPayments, listPaymentsOfCustomer, listPaymentsOfOrder } from './reads';
export {
  PAYMENT_CHANGED,
  PAYMENT_KEY_REUSED,
  PAYMENT_RACE_LOST,
  recordPayment,
  updatePayment,
  voidPayment,
} from './writes';
