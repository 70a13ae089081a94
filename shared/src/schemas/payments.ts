import * as z from '../zod';
import { pathId } from './common';
import { paymentDollars } from './payment-dollars';
import { calendarDay, orderedRange, wireDate } from './dates';
import { MAX_RANGE_DAYS } from '../rules/date-ranges';

export { paymentDollars };

/**
 * Customer payments (spec section 3: Payment; section 4: Payment; section 5: Payments; section 7, Payments:
 * the request bodies). Dollars on the wire; `rules/payments/` computes in integer cents. The server computes
 * `customerCreditAdded` itself and refuses a body that reports a different figure.
 */

/** Payment methods (spec section 9: Cash, Check, Card; default CASH). */
export const PAYMENT_METHODS = ['CASH', 'CHECK', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The most orders one payment may cover. A payment is one DynamoDB transaction of at most 100 items: the
 * payment, the customer's credit and a change-log entry for each (4), and per order its balance, its
 * change-log entry and a link item for "payments of an order" (3): 4 + 3 × 30 = 94. An edit writes the old
 * and the new orders together, which `paymentTouchesTooManyOrders` checks.
 */
export const MAX_PAYMENT_ORDERS = 30;

/** The spec's messages (section 5), word for word, and the few the API adds. */
export const PAYMENT_MESSAGES = {
  amountRequired: 'Please enter a payment amount',
  orderAmountRequired: 'Please enter an amount for all selected orders',
  insufficientFunds: 'Insufficient funds for payments selected',
  insufficientRemaining: 'Insufficient remaining funds.',
  exceedsBalance: 'Payment exceeds balance due.',
  creditExceedsAvailable: 'Credit amount exceeds available credit',
  /** Shown with a failed funds check when editing (section 5). */
  invalidAmountOnEdit: 'Please enter a valid payment amount',
  /** Section 8: beside the buttons when the request fails. */
  submitFailed: 'Failed to submit payment',
  duplicateOrder: 'Each order may appear once in a payment',
  tooManyOrders: `A payment can cover at most ${MAX_PAYMENT_ORDERS} orders`,
  orderRequired: 'Each applied payment needs an order',
  paymentDateRequired: 'Payment date is required',
  voidReasonRequired: 'Say why the payment is void',
  alreadyVoid: 'This payment is void; record a new payment instead',
  voidOnlyAdmin: 'Only an administrator can void a payment',
} as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));

/** A calendar day (YYYY-MM-DD); a date-time is cut to its day. */
export const paymentDay = calendarDay('Payment date', { required: PAYMENT_MESSAGES.paymentDateRequired });

const id = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(128));

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, {
  error: `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`,
});

export const appliedPaymentInput = z.object({
  orderId: id(PAYMENT_MESSAGES.orderRequired),
  amount: z._default(paymentDollars, 0),
});
export type AppliedPaymentInput = z.infer<typeof appliedPaymentInput>;

const appliedPayments = z
  .array(appliedPaymentInput, { error: 'appliedPayments must be a list of orders and amounts' })
  .check(
    z.maxLength(MAX_PAYMENT_ORDERS, PAYMENT_MESSAGES.tooManyOrders),
    z.refine((rows) => new Set(rows.map((r) => r.orderId)).size === rows.length, PAYMENT_MESSAGES.duplicateOrder),
  );

const bodyFields = {
  /** The spec's name; `customerID` (its other spelling, section 3) is taken too. Must match the path's. */
  customerId: z.optional(id('Customer is required')),
  customerID: z.optional(id('Customer is required')),
  amount: z._default(paymentDollars, 0),
  paymentDate: paymentDay,
  appliedPayments: z._default(appliedPayments, []),
  customerCreditDeducted: z._default(paymentDollars, 0),
  /** What the client computed; the server computes it too and refuses a body that disagrees. */
  customerCreditAdded: z.optional(z.nullable(paymentDollars)),
  paymentMethod: z._default(paymentMethodSchema, 'CASH'),
  notes: z.optional(z.nullable(text(4000))),
};

const sameCustomer = z.refine<{ customerId?: string | undefined; customerID?: string | undefined }>(
  (b) => b.customerId === undefined || b.customerID === undefined || b.customerId === b.customerID,
  { message: 'customerId and customerID name different customers', path: ['customerID'] },
);

/** POST /db/payments/add/{customerId} (spec names). */
export const addPaymentBody = z.strictObject(bodyFields).check(sameCustomer);
export type AddPaymentBody = z.infer<typeof addPaymentBody>;

/**
 * POST /db/payments/update/{id}: the same body. `modifiedOn` is the payment's `modifiedOn` as loaded: when
 * given and the payment changed since, the update is refused (409).
 */
export const updatePaymentBody = z
  .strictObject({
    ...bodyFields,
    modifiedOn: z.optional(wireDate('modifiedOn', 'instant')),
  })
  .check(sameCustomer);
export type UpdatePaymentBody = z.infer<typeof updatePaymentBody>;

/** The customer a payment body names: `customerId`, else `customerID`. */
export const bodyCustomerId = (body: { customerId?: string; customerID?: string }): string | undefined =>
  body.customerId ?? body.customerID;

/**
 * DELETE /db/payments/remove/{id} (issue 23, ADMIN): voids a wrong payment. Its effects on orders and credit
 * are reversed; the record stays, marked void, with the reason.
 */
export const voidPaymentBody = z.strictObject({
  reason: z
    .string({ error: PAYMENT_MESSAGES.voidReasonRequired })
    .check(
      z.trim(),
      z.minLength(1, PAYMENT_MESSAGES.voidReasonRequired),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
  /** The payment's `modifiedOn` as loaded: 409 when it changed since. */
  modifiedOn: z.optional(wireDate('modifiedOn', 'instant')),
});
export type VoidPaymentBody = z.infer<typeof voidPaymentBody>;

export const paymentIdParam = z.object({ id: pathId('Payment id') });
export const paymentCustomerParam = z.object({ customerId: pathId('Customer id') });
export const paymentOrderParam = z.object({ orderId: pathId('Order id') });

const optionalDay = (label: string) => z.optional(wireDate(label, 'day'));

/**
 * GET /db/payments/getAll: payments by payment date (default the last 30 days), optionally one customer's.
 * Read month by month, so at most MAX_RANGE_DAYS wide.
 */
export const paymentListQuery = z
  .object({ from: optionalDay('from'), to: optionalDay('to'), customerId: z.optional(pathId('Customer id')) })
  .check(orderedRange('from', 'to', { maxDays: MAX_RANGE_DAYS }));
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

/** GET /db/payments/receivables: ageing as of a day (default today). */
export const receivablesQuery = z.object({ asOf: optionalDay('asOf') });

/** A payment as the API answers it (dollars). */
export const paymentSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  /** The spec's other spelling (section 3), the same value. */
  customerID: z.string(),
  customerName: z.string(),
  amount: z.number(),
  /** The calendar day, YYYY-MM-DD. */
  paymentDate: z.string(),
  paymentMethod: paymentMethodSchema,
  notes: z.optional(z.string()),
  appliedPayments: z.array(z.object({ orderId: z.string(), orderNum: z.string(), amount: z.number() })),
  /** The spec's read shape of the same allocation (section 3: orders of orderId, amountApplied). */
  orders: z.array(z.object({ orderId: z.string(), orderNum: z.string(), amountApplied: z.number() })),
  customerCreditDeducted: z.number(),
  customerCreditAdded: z.number(),
  createdOn: z.string(),
  createdBy: z.optional(z.string()),
  /** Changes with every save; send it back with an update to be told (409) when someone else saved since. */
  modifiedOn: z.string(),
  /**
   * Set when the payment was voided (issue 23): its orders owe again and its credit went back; the amounts
   * above are what it did before. A void payment counts in no total.
   */
  voided: z.optional(z.object({ on: z.string(), by: z.string(), reason: z.string() })),
});
export type Payment = z.infer<typeof paymentSchema>;

/** Receivables ageing buckets, by days since the order date (issue 13). */
export const AGEING_BUCKETS = ['days0to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** One customer's open balance by age (dollars). */
export const receivablesRowSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  /** Orders with a balance due. */
  openOrders: z.number(),
  balanceDue: z.number(),
  days0to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
  /** The date of the oldest order with a balance, YYYY-MM-DD. */
  oldestOrderDate: z.string(),
});
export type ReceivablesRow = z.infer<typeof receivablesRowSchema>;

/** The receivables view (beyond the spec): a row per customer owing, and the totals. */
export const receivablesSchema = z.object({
  asOf: z.string(),
  rows: z.array(receivablesRowSchema),
  totals: z.object({
    balanceDue: z.number(),
    days0to30: z.number(),
    days31to60: z.number(),
    days61to90: z.number(),
    over90: z.number(),
  }),
});
export type Receivables = z.infer<typeof receivablesSchema>;
