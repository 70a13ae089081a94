import { ON_ORDER_STATUSES, type PurchaseOrderStatus, type PurchasePaymentStatus } from '@bo/shared';
import { defineEntity } from '../core';

/**
 * A purchase order to a brand: one header item and its lines in groups of PURCHASE_LINE_GROUP, all in the
 * order's partition (collection `purchaseWhole`: one Query reads an order whole). A 500-line order is 11
 * items. Money in integer cents.
 */
export const PURCHASE_LINE_GROUP = 50;

export const isOnOrderStatus = (status: PurchaseOrderStatus): boolean => ON_ORDER_STATUSES.includes(status);

/** The purchase-order header as stored. */
export interface PurchaseHeaderItem {
  purchaseOrderId: string;
  purchaseOrderNum: string;
  brandID: string;
  /** The brand's name when the order was written. */
  brandName: string;
  /** When the order was created (the spec's orderPlacedOn): the date the lists sort by. */
  orderPlacedOn: string;
  expectedDeliveryOn?: string;
  orderStatus: PurchaseOrderStatus;
  paymentStatus: PurchasePaymentStatus;
  statusModifiedOn: string;
  paymentModifiedOn: string;
  notes?: string;
  unitQuantity: number;
  totalCents: number;
  lineCount: number;
  lineGroups: number;
  stockedLineCount: number;
  /** Units per SKU of the lines not yet stocked: what getOnOrder sums, without reading lines. */
  unstockedUnits: Record<string, number>;
  /** The last time any line was received into stock. */
  receivedOn?: string;
  createdBy?: string;
  modifiedOn: string;
  /** Optimistic lock: every write is conditioned on the version it read. */
  version: number;
  /** The hash of the request body of an order made with an Idempotency-Key. */
  requestHash?: string;
}

/** A line as stored: the product snapshot taken from the catalogue when the line was added. */
export interface StoredPurchaseLine {
  productId: string;
  sku: string;
  name: string;
  brand: string;
  type: string;
  genetics?: string;
  extractType?: string;
  weight?: number;
  quantity: number;
  unitCostCents: number;
  /** Whether the product keeps batches: receiving checks one in for it. */
  hasBatch: boolean;
  hasBeenStocked: boolean;
  /** The batch checked in when the line was received (batched products). */
  batchId?: string;
}

export interface PurchaseLinesItem {
  purchaseOrderId: string;
  group: number;
  lines: StoredPurchaseLine[];
}

/**
 * Access patterns:
 * - primary: the header (Get) or the whole order (collection `purchaseWhole` Query) — pk purchaseOrderId.
 * - byBrand (gsi1): a brand's orders by placed-on date — pk brandID, sk orderPlacedOn, purchaseOrderId.
 * - byStatus (gsi2): orders in one status by placed-on date — pk orderStatus, sk orderPlacedOn,
 *   purchaseOrderId. Every order by date is the six status partitions queried in parallel (a status change
 *   moves the item between partitions, so each order is in exactly one).
 * - onOrder (gsi3, sparse): the open orders (PENDING, ORDERED) — one partition, sk brandID,
 *   purchaseOrderId: all open orders or one brand's (begins_with). Their headers carry `unstockedUnits`,
 *   so "on order" per product is this one Query and no lines. Only headers in those statuses carry the keys;
 *   every write puts the whole header, so the keys follow the status in the same transaction.
 * - by number: the number guard (number-entities.ts) maps a purchase-order number to its id.
 */
export const purchaseOrderEntity = defineEntity<PurchaseHeaderItem>()({
  entity: 'purchaseOrder',
  version: '1',
  primary: { pk: ['purchaseOrderId'], sk: [], collection: 'purchaseWhole' },
  indexes: {
    byBrand: { index: 'gsi1', pk: ['brandID'], sk: ['orderPlacedOn', 'purchaseOrderId'] },
    byStatus: { index: 'gsi2', pk: ['orderStatus'], sk: ['orderPlacedOn', 'purchaseOrderId'] },
    onOrder: {
      index: 'gsi3',
      pk: [],
      sk: ['brandID', 'purchaseOrderId'],
      when: (order: PurchaseHeaderItem) => isOnOrderStatus(order.orderStatus),
    },
  },
});

/** Access pattern: the line groups of one order, in its partition (collection `purchaseWhole`) — sk group. */
export const purchaseLinesEntity = defineEntity<PurchaseLinesItem>()({
  entity: 'purchaseOrderLines',
  version: '1',
  primary: { pk: ['purchaseOrderId'], sk: ['group'], collection: 'purchaseWhole' },
});

/**
 * Purchase-order number guard: one item per number in use, created with `attribute_not_exists` in the
 * order's transaction, so two orders never share a number. Access pattern: Get by purchaseOrderNum.
 */
export interface PurchaseNumberItem {
  purchaseOrderNum: string;
  purchaseOrderId: string;
}
export const purchaseNumberEntity = defineEntity<PurchaseNumberItem>()({
  entity: 'purchaseOrderNumber',
  version: '1',
  primary: { pk: ['purchaseOrderNum'], sk: [] },
});
