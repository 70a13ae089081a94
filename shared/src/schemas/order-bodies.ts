import * as z from '../zod';
import { MAX_DOLLARS } from '../money';
import { decimal, dollars, pathId, wholeNumber } from './common';
import { calendarDay, orderedRange, wireDate } from './dates';
import { MAX_RANGE_DAYS } from '../rules/date-ranges';
import { orderSchema, orderStatusSchema, paymentStatusSchema } from './orders';

/**
 * Request bodies and list shapes of the sales-order routes (spec section 7, Orders and locations).
 * The client sends its cart lines whole; the server keeps only what it needs (SKU, batch, quantity, price,
 * tags) and fills the product snapshot (name, brand, type, cost …) from the catalogue itself, so a line's
 * cost is right even when the caller may not see costs. Figures the client sends (`unitQuantity`, `cost`,
 * `subtotal`) are recomputed by the server from the lines.
 */

/** The most lines one order may have: 500 lines fit one atomic write (see functions/src/data/orders). */
export const MAX_ORDER_LINES = 500;
/** The most units one line may have. */
export const MAX_LINE_QUANTITY = 1_000_000;

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));
const optionalId = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(128))));
/** An instant the server wrote and the client sends back (`modifiedOn` as loaded). */
const timestamp = (label: string) => z.optional(wireDate(label, 'instant'));

export const orderLineInput = z.object({
  id: z.optional(z.string().check(z.maxLength(128))),
  /** The product's id, when the client knows it (saves the server a SKU lookup; checked against the SKU). */
  productId: z.optional(z.string().check(z.maxLength(128))),
  productSku: z
    .string({ error: 'Each line needs a product SKU' })
    .check(z.trim(), z.minLength(1, 'Each line needs a product SKU'), z.maxLength(64)),
  productBatchId: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .check(
      z.int('Quantity must be a whole number'),
      z.gte(0, 'Quantity cannot be negative'),
      z.lte(MAX_LINE_QUANTITY, 'Quantity is too large'),
    ),
  unitPrice: z.pipe(
    z.number({ error: (i) => (i.input === undefined ? 'Unit price is required' : 'Unit price must be a number') }),
    dollars,
  ),
  tagsPulled: z.optional(z.boolean()),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

const lines = (name: string) =>
  z
    .array(orderLineInput, { error: `${name} must be a list of cart lines` })
    .check(z.maxLength(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`));

/**
 * The discount box as sent: a number, or typed text, or null / empty for none (clamped to 0…subtotal by the
 * server, so a negative is allowed and becomes 0).
 */
const discount = z.optional(
  z.union(
    [
      decimal({ min: -MAX_DOLLARS, max: MAX_DOLLARS, places: 6, error: 'Discount must be a number' }),
      z.string().check(z.maxLength(32, 'Discount is at most 32 characters')),
      z.null(),
    ],
    { error: 'Discount must be a number' },
  ),
);
/** Figures the client reports and the server recomputes from the lines: checked only to be sane numbers. */
const reportedDollars = z.optional(decimal({ min: 0, max: MAX_DOLLARS * 100_000, places: 2 }));

const commonFields = {
  packingLocationId: optionalId,
  notes: z.optional(text(4000)),
  discountNotes: z.optional(text(1000)),
  dollarAdjustment: discount,
  deliveryDate: z.optional(z.nullable(calendarDay('Delivery date'))),
  /** Informational: recomputed by the server from the lines. */
  unitQuantity: z.optional(wholeNumber(0, MAX_ORDER_LINES * MAX_LINE_QUANTITY)),
  cost: reportedDollars,
  subtotal: reportedDollars,
};

/** POST /db/orders/new (spec names). `orderNum` may be left out: the server then numbers the order itself. */
export const newOrderBody = z.strictObject({
  orderNum: z.optional(text(64)),
  customerID: z
    .string({ error: 'Customer is required' })
    .check(z.trim(), z.minLength(1, 'Customer is required'), z.maxLength(128)),
  pickupOrder: z.optional(z.boolean()),
  deliveryDriverId: optionalId,
  orderStatus: z._default(orderStatusSchema, 'RECEIVED'),
  paymentStatus: z._default(paymentStatusSchema, 'AWAITING'),
  ...commonFields,
  products: lines('products').check(z.minLength(1, 'The cart is empty')),
});
export type NewOrderBody = z.infer<typeof newOrderBody>;

export const DELIVERY_TYPES = ['pickup', 'delivery'] as const;

/**
 * PUT /db/orders/update/{id} (spec names). Every field is optional: what is left out stays. `modifiedOn` is
 * the order's `modifiedOn` as loaded: when given and the order changed since, the update is refused (409).
 * `statusModifiedOn` / `paymentModifiedOn` are stamped by the server when the status changes.
 */
export const updateOrderBody = z.strictObject({
  orderNum: z.optional(text(64)),
  deliveryType: z.optional(z.enum(DELIVERY_TYPES, { error: "Delivery type must be 'pickup' or 'delivery'" })),
  driverId: optionalId,
  modifiedOn: timestamp('modifiedOn'),
  orderStatus: z.optional(orderStatusSchema),
  statusModifiedOn: timestamp('statusModifiedOn'),
  paymentStatus: z.optional(paymentStatusSchema),
  paymentModifiedOn: timestamp('paymentModifiedOn'),
  ...commonFields,
  orderItems: z.optional(lines('orderItems')),
});
export type UpdateOrderBody = z.infer<typeof updateOrderBody>;

/** PUT /db/orders/setStatus/{id} (beyond the spec): a status-only change, for inventory staff and drivers. */
export const setOrderStatusBody = z
  .strictObject({
    orderStatus: z.optional(orderStatusSchema),
    paymentStatus: z.optional(paymentStatusSchema),
    modifiedOn: timestamp('modifiedOn'),
  })
  .check(z.refine((b) => b.orderStatus !== undefined || b.paymentStatus !== undefined, 'Choose a status to set'));

/** PUT /db/orders/releaseHold/{id} (issue 23, ADMIN): why the credit hold is released. */
export const releaseHoldBody = z.strictObject({
  note: z
    .string({ error: 'Say why the hold is released' })
    .check(
      z.trim(),
      z.minLength(1, 'Say why the hold is released'),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
  modifiedOn: timestamp('modifiedOn'),
});
export type ReleaseHoldBody = z.infer<typeof releaseHoldBody>;

export const orderIdParam = z.object({ id: pathId('Order id') });
export const skuParam = z.object({ sku: pathId('SKU') });
export const customerOrdersParam = z.object({ customerId: pathId('Customer id') });
/** `getByWeek/{fromISO}/{toISO}`: read month by month, so at most MAX_RANGE_DAYS wide. */
export const weekParams = z
  .object({ fromISO: wireDate('fromISO', 'dayOrInstant'), toISO: wireDate('toISO', 'dayOrInstant') })
  .check(orderedRange('fromISO', 'toISO', { maxDays: MAX_RANGE_DAYS }));
/** Optional range of a customer's orders (days or date-times, by `createdAt`): one Query, so any width. */
export const rangeQuery = z
  .object({ from: z.optional(wireDate('from', 'dayOrInstant')), to: z.optional(wireDate('to', 'dayOrInstant')) })
  .check(orderedRange('from', 'to'));

/** An order as lists show it: everything but its lines. */
export const orderSummarySchema = z.extend(z.omit(orderSchema, { orderedItems: true }), {
  lineCount: z.number(),
  /** The brands of its lines, A–Z (the payment dialog's Brand column); absent on orders saved before. */
  brands: z.optional(z.array(z.string())),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** A line of an open order, as the tag screens and batch allocation read it. */
export const pendingOrderItemSchema = z.object({
  orderID: z.string(),
  orderNum: z.string(),
  productSku: z.string(),
  productBatchId: z.nullable(z.string()),
  quantity: z.number(),
  tagsPulled: z.boolean(),
});
export type PendingOrderItem = z.infer<typeof pendingOrderItemSchema>;

/** One open order's units of a SKU (the Pending Orders popover). */
export const pendingOutboundSchema = z.object({
  orderID: z.string(),
  orderNum: z.string(),
  /** Only for the roles that read sales orders (`pendingOutboundFor`). */
  customerName: z.optional(z.string()),
  quantity: z.number(),
});
export type PendingOutbound = z.infer<typeof pendingOutboundSchema>;

/** POST /storage/createInvoice: the order whose invoice to render (`content`: its id or number). */
export const createInvoiceBody = z.strictObject({
  content: z.object({
    orderId: id,
    orientation: z.optional(z.enum(['portrait', 'landscape'])),
  }),
});
