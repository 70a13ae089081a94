import * as z from '../zod';
import { boundedText as text, pathId, wholeNumber } from './common';
import { orderedRange, wireDate } from './dates';
import { MAX_RANGE_DAYS } from '../rules/date-ranges';
import { PAYMENT_METHODS, paymentMethodSchema } from './payments';

/**
 * Returns and credit notes (issue 23, section 3). Dollars on the wire; `rules/returns.ts` computes in cents.
 * POST /db/returns/new takes the body `{ orderId, reason, lines: [{ productSku, quantity, disposition }],
 * settlement }`; a REFUND names how the money went back (`method`, or `refundMethod`, or `settlement` given as
 * `{ type: 'REFUND', method }`).
 */

export const RETURN_DISPOSITIONS = ['RESTOCK', 'WRITE_OFF'] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];
export const RETURN_SETTLEMENTS = ['CREDIT', 'REFUND'] as const;
export type ReturnSettlement = (typeof RETURN_SETTLEMENTS)[number];

/** The most lines one return may carry: an order holds at most 500. */
export const MAX_RETURN_LINES = 500;

export const RETURN_BODY_MESSAGES = {
  reasonRequired: 'Say why the goods came back',
  refundMethod: `A refund names how the money goes back: ${PAYMENT_METHODS.join(', ')}`,
  disposition: `Disposition must be one of ${RETURN_DISPOSITIONS.join(', ')}`,
  settlement: `Settlement must be one of ${RETURN_SETTLEMENTS.join(', ')}`,
} as const;

export const returnLineInput = z.object({
  productSku: text(128, 'Product SKU is required'),
  quantity: wholeNumber(1, 1_000_000, {
    type: 'Quantity must be a whole number',
    min: 'Quantity must be at least 1',
  }),
  disposition: z._default(z.enum(RETURN_DISPOSITIONS, { error: RETURN_BODY_MESSAGES.disposition }), 'RESTOCK'),
});
export type ReturnLineInput = z.infer<typeof returnLineInput>;

const settlementEnum = z.enum(RETURN_SETTLEMENTS, { error: RETURN_BODY_MESSAGES.settlement });

export const newReturnBody = z
  .object({
    orderId: pathId('Order id'),
    reason: text(1000, RETURN_BODY_MESSAGES.reasonRequired),
    lines: z
      .array(returnLineInput, { error: 'lines must be a list' })
      .check(
        z.minLength(1, 'Choose at least one line to return'),
        z.maxLength(MAX_RETURN_LINES, `At most ${MAX_RETURN_LINES} lines`),
      ),
    settlement: z.union([settlementEnum, z.object({ type: settlementEnum, method: z.optional(paymentMethodSchema) })]),
    method: z.optional(paymentMethodSchema),
    refundMethod: z.optional(paymentMethodSchema),
    notes: z.optional(text(4000)),
  })
  .check(
    z.refine((b) => settlementOf(b).settlement === 'CREDIT' || settlementOf(b).method !== undefined, {
      message: RETURN_BODY_MESSAGES.refundMethod,
      path: ['method'],
    }),
  );
export type NewReturnBody = z.infer<typeof newReturnBody>;

/** The settlement and refund method of a body, whichever way it named them. */
export function settlementOf(body: Pick<NewReturnBody, 'settlement' | 'method' | 'refundMethod'>): {
  settlement: ReturnSettlement;
  method?: (typeof PAYMENT_METHODS)[number];
} {
  const s = body.settlement;
  const settlement = typeof s === 'string' ? s : s.type;
  const method = (typeof s === 'string' ? undefined : s.method) ?? body.method ?? body.refundMethod;
  return settlement === 'REFUND' && method ? { settlement, method } : { settlement };
}

export const returnIdParam = z.object({ id: pathId('Return id') });
export const returnOrderParam = z.object({ orderId: pathId('Order id') });
export const returnCustomerParam = z.object({ customerId: pathId('Customer id') });

/** GET /db/returns/getAll: returns by day made (default the last 30 days), at most MAX_RANGE_DAYS wide. */
export const returnListQuery = z
  .object({ from: z.optional(wireDate('from', 'day')), to: z.optional(wireDate('to', 'day')) })
  .check(orderedRange('from', 'to', { maxDays: MAX_RANGE_DAYS }));
export type ReturnListQuery = z.infer<typeof returnListQuery>;

/** PUT /db/returns/confirmRestock/{id}: INVENTORY confirms the restocked units are on the shelf. */
export const confirmRestockBody = z.strictObject({ note: z.optional(text(1000)) });
export type ConfirmRestockBody = z.infer<typeof confirmRestockBody>;

/**
 * A return as the API answers it. Prices and amounts (`price`, `value`, `amount`, `appliedToOrder`, `toCredit`,
 * `refunded`) are left out for a caller who may not see prices (INVENTORY).
 */
export const returnSchema = z.object({
  id: z.string(),
  creditNoteNum: z.string(),
  orderId: z.string(),
  orderNum: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  reason: z.string(),
  notes: z.optional(z.string()),
  settlement: settlementEnum,
  method: z.optional(paymentMethodSchema),
  lines: z.array(
    z.object({
      productId: z.string(),
      productSku: z.string(),
      productName: z.string(),
      brand: z.optional(z.string()),
      quantity: z.number(),
      disposition: z.enum(RETURN_DISPOSITIONS),
      /** Where restocked units went: the batches the order's lines took them from. */
      batches: z.array(z.object({ batchId: z.string(), batchNumber: z.optional(z.string()), quantity: z.number() })),
      /** The average price the SKU sold at on the order (dollars per unit). */
      price: z.optional(z.number()),
      /** quantity × price, before the discount's share. */
      value: z.optional(z.number()),
    }),
  ),
  /** What the credit note is worth: the lines' value less their share of the order's discount. */
  amount: z.optional(z.number()),
  /** The part that lowered what the order owed. */
  appliedToOrder: z.optional(z.number()),
  /** The part put to the customer's credit (CREDIT). */
  toCredit: z.optional(z.number()),
  /** The part paid back to the customer (REFUND). */
  refunded: z.optional(z.number()),
  units: z.number(),
  createdAt: z.string(),
  createdBy: z.optional(z.string()),
  restockConfirmed: z.optional(z.object({ on: z.string(), by: z.string(), note: z.optional(z.string()) })),
});
export type Return = z.infer<typeof returnSchema>;

/** What POST /db/returns/new answers (the issue's `{ id, creditNoteNum, amount }`, and the rest of the return). */
export const newReturnResponse = returnSchema;
