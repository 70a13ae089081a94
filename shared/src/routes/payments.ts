import * as z from '../zod';
import {
  addPaymentBody,
  paymentCustomerParam,
  paymentIdParam,
  paymentListQuery,
  paymentOrderParam,
  paymentSchema,
  receivablesQuery,
  receivablesSchema,
  updatePaymentBody,
  voidPaymentBody,
} from '../schemas/payments';
import { PAYMENT_READERS, PAYMENT_WRITERS } from '../role-matrix';
import { route } from './route';

export const paymentsAddRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/payments/add/{customerId}',
  handler: 'payments/add',
  roles: PAYMENT_WRITERS,
  summary:
    "Records a payment (the spec's body) and applies it: the payment, each order's balance and payment status, the customer's credit and a change-log entry per touched record in one conditional transaction. The spec's messages as 400; a race lost to another payment is a 409 and writes nothing. An Idempotency-Key header makes a retry return the first payment.",
  params: paymentCustomerParam,
  body: addPaymentBody,
  response: paymentSchema,
});

export const paymentsGetByIdRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payments/getById/{id}',
  handler: 'payments/getById',
  roles: PAYMENT_READERS,
  summary: 'One payment with the orders it paid (`appliedPayments`, and `orders` in the read shape of the spec).',
  params: paymentIdParam,
  response: paymentSchema,
});

export const paymentsUpdateRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/payments/update/{id}',
  handler: 'payments/update',
  roles: PAYMENT_WRITERS,
  summary:
    "Changes a payment (the add body; optional modifiedOn gives 409 when it changed since): its old effects are reversed and the new ones applied in one conditional transaction. The customer can't change.",
  params: paymentIdParam,
  body: updatePaymentBody,
  response: paymentSchema,
});

export const paymentsRemoveRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/payments/remove/{id}',
  handler: 'payments/remove',
  roles: ['ADMIN'],
  summary:
    'Voids a wrong payment (issue 23, ADMIN; body { reason }, optional modifiedOn gives 409 when it changed since): each order it paid owes again, the credit it used goes back and the credit it added is taken back, in one conditional transaction with change-log entries. The record stays, marked void, in every list; 409 when the credit it added was spent since. Voiding a void payment answers it as it is.',
  params: paymentIdParam,
  body: voidPaymentBody,
  response: paymentSchema,
});

export const paymentsGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payments/getAll',
  handler: 'payments/getAll',
  roles: PAYMENT_READERS,
  summary:
    'Payments by payment date, newest first (beyond the spec: the Payments page); ?from=&to= (YYYY-MM-DD, default the last 30 days, at most 400 days) and ?customerId=.',
  query: paymentListQuery,
  response: z.array(paymentSchema),
});

export const paymentsGetByCustomerRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payments/getByCustomer/{customerId}',
  handler: 'payments/getByCustomer',
  roles: PAYMENT_READERS,
  summary: "A customer's payments, newest first (beyond the spec).",
  params: paymentCustomerParam,
  response: z.array(paymentSchema),
});

export const paymentsGetByOrderRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payments/getByOrder/{orderId}',
  handler: 'payments/getByOrder',
  roles: PAYMENT_READERS,
  summary: 'The payments applied to an order (beyond the spec: Edit Order shows them), newest first.',
  params: paymentOrderParam,
  response: z.array(paymentSchema),
});

export const paymentsReceivablesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/payments/receivables',
  handler: 'payments/receivables',
  roles: PAYMENT_READERS,
  summary:
    'Open balance per customer with ageing buckets 0-30, 31-60, 61-90 and over 90 days from the order date (beyond the spec); ?asOf=YYYY-MM-DD, default today. One Query of the sparse index of orders that owe.',
  query: receivablesQuery,
  response: receivablesSchema,
});

/** Customer payments and receivables (issue 13). */
export const paymentRoutes = {
  'payments.add': paymentsAddRoute,
  'payments.getById': paymentsGetByIdRoute,
  'payments.update': paymentsUpdateRoute,
  'payments.remove': paymentsRemoveRoute,
  'payments.getAll': paymentsGetAllRoute,
  'payments.getByCustomer': paymentsGetByCustomerRoute,
  'payments.getByOrder': paymentsGetByOrderRoute,
  'payments.receivables': paymentsReceivablesRoute,
};
