import * as z from '../zod';
import { pathId } from './common';
import { orderedRange, wireDate } from './dates';
import {
  PURCHASE_ORDER_STATUSES,
  purchaseOrderItemSchema,
  purchaseOrderStatusSchema,
  purchasePaymentStatusSchema,
} from './purchases';

/**
 * Purchase orders as the API answers them, and the parameters of the purchasing routes. The request bodies of
 * the spec are in ./purchases.ts.
 */

/** `{id}` of getById/update/receive: the purchase order's id or its number. */
export const purchaseOrderIdParam = z.object({ id: pathId('Purchase order id') });
export const purchaseBrandParam = z.object({ brandId: pathId('Brand id') });

/**
 * A purchase order (spec section 3). Money is dollars. `total` and each line's `unitCost`/`subtotal` are
 * left out for roles that may not see costs.
 */
export const purchaseOrderSchema = z.object({
  id: z.string(),
  purchaseOrderNum: z.string(),
  brandID: z.string(),
  /** The brand's name (the spec's `brand`); left out of update's answer, as the spec says. */
  brand: z.optional(z.string()),
  orderPlacedOn: z.string(),
  expectedDeliveryOn: z.nullable(z.string()),
  orderStatus: purchaseOrderStatusSchema,
  paymentStatus: purchasePaymentStatusSchema,
  statusModifiedOn: z.string(),
  paymentModifiedOn: z.string(),
  unitQuantity: z.number(),
  total: z.optional(z.number()),
  notes: z.nullable(z.string()),
  purchaseOrderItems: z.array(purchaseOrderItemSchema),
  /** When any line was received into stock, the last time (beyond the spec). */
  receivedOn: z.optional(z.string()),
  createdBy: z.optional(z.string()),
  modifiedOn: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** A purchase order as the list shows it: without its lines, with how many there are and how many are stocked. */
export const purchaseOrderSummarySchema = z.extend(z.omit(purchaseOrderSchema, { purchaseOrderItems: true }), {
  lineCount: z.number(),
  stockedLineCount: z.number(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/**
 * GET /db/purchases/getAll: newest first, narrowed by brand, status and a placed-on range (each a day or an
 * instant). Without a range, the last 400 days.
 */
export const purchaseOrderListQuery = z
  .object({
    brandId: z.optional(pathId('Brand id')),
    status: z.optional(
      z.enum(PURCHASE_ORDER_STATUSES, { error: `status must be one of ${PURCHASE_ORDER_STATUSES.join(', ')}` }),
    ),
    from: z.optional(wireDate('from', 'dayOrInstant')),
    to: z.optional(wireDate('to', 'dayOrInstant')),
  })
  .check(orderedRange('from', 'to'));
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuery>;

/** GET /db/purchases/getOnOrder: optionally one brand's products only. */
export const onOrderQuery = z.object({ brandId: z.optional(pathId('Brand id')) });

/** Units of a product on open purchase orders (PENDING, ORDERED; unstocked lines only). */
export const onOrderSchema = z.object({
  productSku: z.string(),
  units: z.number(),
  /** The open purchase orders holding them. */
  purchaseOrders: z.array(z.object({ id: z.string(), purchaseOrderNum: z.string(), quantity: z.number() })),
});
export type OnOrder = z.infer<typeof onOrderSchema>;

/**
 * PUT /db/purchases/receive/{id}: receives the lines named by SKU (a partial delivery), or every unstocked line
 * when `productSkus` is left out. A line is received once only, with its ordered quantity.
 */
export const receivePurchaseOrderBody = z.strictObject({
  productSkus: z.optional(
    z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(64)))
      .check(z.minLength(1, 'Name at least one product to receive'), z.maxLength(500)),
  ),
});
export type ReceivePurchaseOrderBody = z.infer<typeof receivePurchaseOrderBody>;
