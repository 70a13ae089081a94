import * as z from '../zod';
import { MAX_DOLLARS } from '../money';
import { decimal, dollars, grams, wholeNumber } from './common';
import { calendarDay, wireDate } from './dates';
import { PAYMENT_STATUSES, type PaymentStatus } from './orders';

/**
 * Purchase orders to brands (spec section 3: Purchase order, Purchase order item; section 4: statuses;
 * section 7, Purchasing: the request bodies). Money is dollars on the wire; `rules/purchasing/` computes in
 * integer cents. The server recomputes `unitQuantity` and `total` from the lines and fills each line's
 * product snapshot (name, brand, type …) from the catalogue, so those fields are accepted but not trusted.
 */

/** Purchase-order status, in display order (spec section 4). Pickers let any value be chosen. */
export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'PENDING', 'ORDERED', 'RECEIVED', 'COMPLETED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/**
 * Payment status of a purchase order: the spec's one payment-status list (section 4). At creation it takes
 * the order status's value, DRAFT or PENDING, both of which are in the list.
 */
export const PURCHASE_PAYMENT_STATUSES = PAYMENT_STATUSES;
export type PurchasePaymentStatus = PaymentStatus;

/** Statuses a purchase order may be created with: Save as draft gives DRAFT, Submit gives PENDING. */
export const PURCHASE_ORDER_CREATE_STATUSES = ['DRAFT', 'PENDING'] as const satisfies readonly PurchaseOrderStatus[];
export type PurchaseOrderCreateStatus = (typeof PURCHASE_ORDER_CREATE_STATUSES)[number];

export const purchaseOrderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES, {
  error: `Order status must be one of ${PURCHASE_ORDER_STATUSES.join(', ')}`,
});
export const purchasePaymentStatusSchema = z.enum(PURCHASE_PAYMENT_STATUSES, {
  error: `Payment status must be one of ${PURCHASE_PAYMENT_STATUSES.join(', ')}`,
});
const createStatusSchema = z.enum(PURCHASE_ORDER_CREATE_STATUSES, {
  error: 'A new purchase order is DRAFT (Save as draft) or PENDING (Submit)',
});

/** The most lines one purchase order may have. */
export const MAX_PURCHASE_ORDER_LINES = 500;
/** The most units one purchase-order line may have. */
export const MAX_PURCHASE_LINE_QUANTITY = 1_000_000;

export const PURCHASE_ORDER_MESSAGES = {
  brandRequired: 'Brand is required',
  itemRequired: 'Add at least one product',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityNegative: 'Quantity cannot be negative',
  duplicateSku: 'Each product may appear on one line only',
} as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));
/** Snapshot fields the spec's client sends: checked to be short text, then replaced by the server. */
const snapshot = z.optional(z.nullable(text(200)));

export const purchaseOrderItemInput = z.object({
  productSku: z
    .string({ error: 'Each line needs a product SKU' })
    .check(z.trim(), z.minLength(1, 'Each line needs a product SKU'), z.maxLength(64)),
  productName: snapshot,
  productBrand: snapshot,
  productType: snapshot,
  productGenetics: snapshot,
  productExtractType: snapshot,
  productWeight: z.optional(z.nullable(grams())),
  orderQuantity: z
    .number({ error: PURCHASE_ORDER_MESSAGES.quantityNotWhole })
    .check(
      z.int(PURCHASE_ORDER_MESSAGES.quantityNotWhole),
      z.gte(0, PURCHASE_ORDER_MESSAGES.quantityNegative),
      z.lte(MAX_PURCHASE_LINE_QUANTITY, 'Quantity is too large'),
    ),
  /** Dollars per unit paid to the brand; left out, the server takes the product's cost. */
  unitCost: z.optional(dollars),
});
export type PurchaseOrderItemInput = z.infer<typeof purchaseOrderItemInput>;

const items = z.array(purchaseOrderItemInput, { error: 'purchaseOrderItems must be a list of products' }).check(
  // A line may be 0 while the clerk edits, but an order of no units at all has no item. (`!== 0`, not `> 0`:
  // a negative or non-number quantity already has its own message.)
  z.refine((lines) => lines.some((l) => l.orderQuantity !== 0), PURCHASE_ORDER_MESSAGES.itemRequired),
  z.maxLength(MAX_PURCHASE_ORDER_LINES, `A purchase order can have at most ${MAX_PURCHASE_ORDER_LINES} lines`),
  z.refine(
    (lines) => new Set(lines.map((l) => l.productSku.toUpperCase())).size === lines.length,
    PURCHASE_ORDER_MESSAGES.duplicateSku,
  ),
);

const brandID = z
  .string({ error: PURCHASE_ORDER_MESSAGES.brandRequired })
  .check(z.trim(), z.minLength(1, PURCHASE_ORDER_MESSAGES.brandRequired), z.maxLength(128));

const commonFields = {
  brandID,
  expectedDeliveryOn: z.optional(z.nullable(calendarDay('Expected delivery'))),
  notes: z.optional(z.nullable(text(4000))),
  /** Informational: recomputed by the server from the lines. */
  unitQuantity: z.optional(wholeNumber(0, MAX_PURCHASE_ORDER_LINES * MAX_PURCHASE_LINE_QUANTITY)),
  /** Informational: recomputed by the server from the lines. */
  total: z.optional(decimal({ min: 0, max: MAX_DOLLARS * 100_000, places: 2 })),
  purchaseOrderItems: items,
};

/** POST /db/purchases/new (spec names). `paymentStatus` left out takes `orderStatus`'s value. */
export const newPurchaseOrderBody = z.strictObject({
  ...commonFields,
  orderStatus: z._default(createStatusSchema, 'PENDING'),
  paymentStatus: z.optional(purchasePaymentStatusSchema),
});
export type NewPurchaseOrderBody = z.infer<typeof newPurchaseOrderBody>;

/**
 * PUT /db/purchases/update/{id}: the create body plus `purchaseOrderNum`. `modifiedOn` is the order's
 * `modifiedOn` as loaded: when given and the order changed since, the update is refused (409).
 */
export const updatePurchaseOrderBody = z.strictObject({
  ...commonFields,
  purchaseOrderNum: z
    .string({ error: 'Purchase order number is required' })
    .check(z.trim(), z.minLength(1, 'Purchase order number is required'), z.maxLength(64)),
  orderStatus: purchaseOrderStatusSchema,
  paymentStatus: purchasePaymentStatusSchema,
  modifiedOn: z.optional(wireDate('modifiedOn', 'instant')),
});
export type UpdatePurchaseOrderBody = z.infer<typeof updatePurchaseOrderBody>;

/** A purchase-order line as stored and read back (`quantity`, the spec's read-back name of `orderQuantity`). */
export const purchaseOrderItemSchema = z.object({
  purchaseOrderID: z.string(),
  productId: z.optional(z.string()),
  productSku: z.string(),
  productName: z.string(),
  productBrand: z.string(),
  productType: z.string(),
  productGenetics: z.optional(z.string()),
  productExtractType: z.optional(z.string()),
  productWeight: z.optional(z.number()),
  quantity: z.number(),
  /** Dollars; stripped by the API for roles that may not see costs. */
  unitCost: z.optional(z.number()),
  /** Dollars: quantity × unitCost; stripped with it. */
  subtotal: z.optional(z.number()),
  /** The line's units have been added to stock (once only). */
  hasBeenStocked: z.boolean(),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemSchema>;
