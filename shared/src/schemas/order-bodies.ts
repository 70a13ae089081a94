import { z } from 'zod';
import { dollars } from './catalog';
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

const id = z.string().trim().min(1).max(128);
/** Ids and SKUs in paths: letters, digits, '.', '_' and '-' only. */
const pathId = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(128)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, `${label} may only hold letters, digits, '.', '_' and '-'`);
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** A calendar day (YYYY-MM-DD); an ISO date-time is cut to its day. */
export const calendarDay = z
  .string({ error: 'Delivery date must be a date' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Delivery date must be a date (YYYY-MM-DD)')
  .transform((s) => s.slice(0, 10))
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Delivery date must be a real date');

export const orderLineInput = z.object({
  id: z.string().max(128).optional(),
  /** The product's id, when the client knows it (saves the server a SKU lookup; checked against the SKU). */
  productId: z.string().max(128).optional(),
  productSku: z
    .string({ error: 'Each line needs a product SKU' })
    .trim()
    .min(1, 'Each line needs a product SKU')
    .max(64),
  productBatchId: z.string().max(128).nullable().optional(),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(1_000_000, 'Quantity is too large'),
  unitPrice: z
    .number({ error: (i) => (i.input === undefined ? 'Unit price is required' : 'Unit price must be a number') })
    .pipe(dollars),
  tagsPulled: z.boolean().optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

const lines = (name: string) =>
  z
    .array(orderLineInput, { error: `${name} must be a list of cart lines` })
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`);

/** The discount box as sent: a number, or null / empty for none (clamped to 0…subtotal by the server). */
const discount = z
  .union([z.number().finite(), z.string(), z.null()], { error: 'Discount must be a number' })
  .optional();

const commonFields = {
  packingLocationId: z.string().trim().max(128).nullable().optional(),
  notes: text(4000).optional(),
  discountNotes: text(1000).optional(),
  dollarAdjustment: discount,
  deliveryDate: calendarDay.nullable().optional(),
  /** Informational: recomputed by the server from the lines. */
  unitQuantity: z.number().optional(),
  cost: z.number().optional(),
  subtotal: z.number().optional(),
};

/** POST /db/orders/new (spec names). `orderNum` may be left out: the server then numbers the order itself. */
export const newOrderBody = z
  .object({
    orderNum: text(64).optional(),
    customerID: z.string({ error: 'Customer is required' }).trim().min(1, 'Customer is required').max(128),
    pickupOrder: z.boolean().optional(),
    deliveryDriverId: z.string().trim().max(128).nullable().optional(),
    orderStatus: orderStatusSchema.default('RECEIVED'),
    paymentStatus: paymentStatusSchema.default('AWAITING'),
    ...commonFields,
    products: lines('products').min(1, 'The cart is empty'),
  })
  .strict();
export type NewOrderBody = z.infer<typeof newOrderBody>;

export const DELIVERY_TYPES = ['pickup', 'delivery'] as const;

/**
 * PUT /db/orders/update/{id} (spec names). Every field is optional: what is left out stays. `modifiedOn` is
 * the order's `modifiedOn` as loaded: when given and the order changed since, the update is refused (409).
 * `statusModifiedOn` / `paymentModifiedOn` are stamped by the server when the status changes.
 */
export const updateOrderBody = z
  .object({
    orderNum: text(64).optional(),
    deliveryType: z.enum(DELIVERY_TYPES, { error: "Delivery type must be 'pickup' or 'delivery'" }).optional(),
    driverId: z.string().trim().max(128).nullable().optional(),
    modifiedOn: z.string().max(64).optional(),
    orderStatus: orderStatusSchema.optional(),
    statusModifiedOn: z.string().max(64).optional(),
    paymentStatus: paymentStatusSchema.optional(),
    paymentModifiedOn: z.string().max(64).optional(),
    ...commonFields,
    orderItems: lines('orderItems').optional(),
  })
  .strict();
export type UpdateOrderBody = z.infer<typeof updateOrderBody>;

/** PUT /db/orders/setStatus/{id} (beyond the spec): a status-only change, for inventory staff and drivers. */
export const setOrderStatusBody = z
  .object({
    orderStatus: orderStatusSchema.optional(),
    paymentStatus: paymentStatusSchema.optional(),
    modifiedOn: z.string().max(64).optional(),
  })
  .strict()
  .refine((b) => b.orderStatus !== undefined || b.paymentStatus !== undefined, 'Choose a status to set');

export const orderIdParam = z.object({ id: pathId('Order id') });
export const skuParam = z.object({ sku: pathId('SKU') });
export const customerOrdersParam = z.object({ customerId: pathId('Customer id') });
export const weekParams = z.object({
  fromISO: z.string().trim().min(1).max(64),
  toISO: z.string().trim().min(1).max(64),
});
/** Optional range of a customer's orders (ISO dates or date-times, by `createdAt`). */
export const rangeQuery = z.object({ from: z.string().max(64).optional(), to: z.string().max(64).optional() });

/** An order as lists show it: everything but its lines. */
export const orderSummarySchema = orderSchema.omit({ orderedItems: true }).extend({ lineCount: z.number() });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** A line of an open order, as the tag screens and batch allocation read it. */
export const pendingOrderItemSchema = z.object({
  orderID: z.string(),
  orderNum: z.string(),
  productSku: z.string(),
  productBatchId: z.string().nullable(),
  quantity: z.number(),
  tagsPulled: z.boolean(),
});
export type PendingOrderItem = z.infer<typeof pendingOrderItemSchema>;

/** One open order's units of a SKU (the Pending Orders popover). */
export const pendingOutboundSchema = z.object({
  orderID: z.string(),
  orderNum: z.string(),
  customerName: z.string(),
  quantity: z.number(),
});
export type PendingOutbound = z.infer<typeof pendingOutboundSchema>;

/** POST /storage/createInvoice: the order whose invoice to render (`content`: its id or number). */
export const createInvoiceBody = z
  .object({
    content: z.object({
      orderId: id,
      orientation: z.enum(['portrait', 'landscape']).optional(),
    }),
  })
  .strict();
