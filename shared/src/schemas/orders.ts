import * as z from '../zod';

/**
 * Sales orders as data (spec section 3: Order, Order item / cart line; section 4: statuses).
 * These are the shapes stored and read back, not request bodies. Money is dollars on the wire (numbers with
 * at most two decimals); the rules in `rules/orders/` compute in integer cents.
 */

/** Sales order status, in display order (spec section 4). Any value may be chosen from any other. */
export const ORDER_STATUSES = [
  'DRAFT',
  'RECEIVED',
  'FULFILLMENT',
  'PACKED',
  'DELIVERED',
  'COMPLETED',
  'REFUNDED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Sales order payment status, in display order (spec section 4). */
export const PAYMENT_STATUSES = ['DRAFT', 'AWAITING', 'PENDING', 'PARTIAL', 'PAID', 'REFUNDED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const orderStatusSchema = z.enum(ORDER_STATUSES, {
  error: `Order status must be one of ${ORDER_STATUSES.join(', ')}`,
});
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES, {
  error: `Payment status must be one of ${PAYMENT_STATUSES.join(', ')}`,
});

/**
 * One line of an order: a quantity of one SKU from one batch (`productBatchId`), or from no batch (`null`:
 * units without a compliance tag yet). The product fields are a snapshot taken when the line was added, so
 * an invoice reads the same after the catalogue changes.
 */
export const orderItemSchema = z.object({
  id: z.string(),
  orderID: z.string(),
  /** Whole units, 0 or more. */
  quantity: z.number().check(z.int(), z.gte(0)),
  /** Dollars per unit actually charged: the customer's custom price where set, else the base price. */
  unitPrice: z.number(),
  /**
   * Dollars per unit by which `unitPrice` differs from the product's base price (negative below it).
   * Informational: already inside `unitPrice`, never added again.
   */
  priceAdjustment: z.number(),
  /** Dollars: quantity × unitPrice. */
  subtotal: z.number(),
  productName: z.string(),
  /** The product's id (set by the server; older clients may leave it out of cart lines). */
  productId: z.optional(z.string()),
  productSku: z.string(),
  productBrand: z.string(),
  productType: z.string(),
  productGenetics: z.optional(z.string()),
  productExtractType: z.optional(z.string()),
  /** Grams. */
  productWeight: z.optional(z.number()),
  /** Dollars per unit; stripped by the API for roles that may not see costs. */
  productCost: z.optional(z.number()),
  /** The batch the units are tagged from; null for units with no batch. */
  productBatchId: z.nullable(z.string()),
  /** The batch's number, for invoices and tag lists (set by the server). */
  productBatchNumber: z.optional(z.string()),
  /** The product is batch-tracked (its `hasBatch`), so its units should carry tags. */
  shouldHaveTag: z.boolean(),
  /** The compliance tags of this line have been physically pulled from the batch. */
  tagsPulled: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** A line in the order builder: an order item not saved yet, so without its own id or order id. */
export const cartLineSchema = z.extend(orderItemSchema, {
  id: z.optional(z.string()),
  orderID: z.optional(z.string()),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const creditHoldSchema = z.object({ reason: z.string(), since: z.string() });
export type CreditHold = z.infer<typeof creditHoldSchema>;

/** The customer as an order carries it (spec section 3: customerName, customPricings, accountOwnerID). */
export const orderCustomerSchema = z.object({
  customerName: z.string(),
  customPricings: z.optional(z.array(z.object({ productId: z.string(), customPrice: z.number() }))),
  accountOwnerID: z.optional(z.string()),
});

export const orderSchema = z.object({
  id: z.string(),
  /** The number from the order counter; `DRAFT_` + a random id while the order is a draft. */
  orderNum: z.string(),
  orderStatus: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  /** ISO date-times of the last order-status and payment-status change. */
  statusModifiedOn: z.string(),
  paymentModifiedOn: z.string(),
  createdAt: z.string(),
  /** Changes with every save; send it back with an update to be told (409) when someone else saved since. */
  modifiedOn: z.string(),
  customerID: z.string(),
  customer: orderCustomerSchema,
  pickupOrder: z.boolean(),
  /** The calendar day of delivery or pickup, YYYY-MM-DD. */
  deliveryDate: z.nullable(z.string()),
  /** Always null for a pickup. */
  driverId: z.nullable(z.string()),
  packingLocationId: z.nullable(z.string()),
  notes: z.optional(z.string()),
  discountNotes: z.optional(z.string()),
  /** The dollar discount, 0 or more, taken off the subtotal. */
  dollarAdjustment: z.number(),
  /** Total units over all lines. */
  unitQuantity: z.number(),
  /** Dollars: the sum of productCost × quantity; stripped by the API for roles that may not see costs. */
  cost: z.optional(z.number()),
  /** Dollars: the sum of the lines' subtotals, before the discount. */
  subtotal: z.number(),
  /** Dollars: subtotal − dollarAdjustment. */
  total: z.number(),
  /** Dollars still owed: subtotal − dollarAdjustment − payments applied − what returns took off it. */
  balanceDue: z.number(),
  /**
   * Set once goods came back (issue 23): how many returns, the units, what their credit notes are worth and the
   * part of it that lowered the balance (dollars). An order with returns stays delivered or completed.
   */
  returns: z.optional(z.object({ count: z.number(), units: z.number(), amount: z.number(), credited: z.number() })),
  /**
   * Set while the order is on credit hold (issue 23): why, and since when. A held order can't move past
   * RECEIVED until an ADMIN releases it (`orders/releaseHold`).
   */
  creditHold: z.optional(creditHoldSchema),
  /** The last hold an ADMIN released: the hold, who released it, when and why. */
  creditHoldReleased: z.optional(
    z.object({ reason: z.string(), since: z.string(), on: z.string(), by: z.string(), note: z.string() }),
  ),
  orderedItems: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** Locations (packing/pickup) live in `./locations` (`locationSchema`, `Location`). */
