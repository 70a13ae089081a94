import {
  COMMISSION_STATUSES,
  RESERVING_STATUSES,
  isFullyReturned as allReturned,
  isReceivable,
  owedBalance,
  type CreditHold,
  type OrderStatus,
  type PaymentStatus,
} from '@bo/shared';
import { defineEntity } from '../core';

/**
 * A sales order: one header item and its lines in groups of ORDER_LINE_GROUP, all in the order's partition
 * (collection `orderWhole`: one Query reads an order whole). Grouping keeps a 500-line order at 11 items, so
 * an order, its number guard, change-log entry and stock-ledger buckets (at most 64) always fit one
 * transaction (100 items). Money in integer cents.
 */
export const ORDER_LINE_GROUP = 50;

export const isOpenStatus = (status: OrderStatus): boolean => RESERVING_STATUSES.includes(status);

type Money = Pick<OrderHeaderItem, 'subtotalCents' | 'discountCents' | 'paidCents' | 'creditedCents'>;

/** What the order costs now: its total less what returns' credit notes took off what it owed (cents). */
export const netTotalOf = (o: Omit<Money, 'paidCents'>): number =>
  o.subtotalCents - o.discountCents - (o.creditedCents ?? 0);

/** What the order still owes, in cents (0 when payments cover it or its total went below them). */
export const balanceDueOf = (o: Money): number => Math.max(0, netTotalOf(o) - o.paidCents);

/** Every unit the order sold came back (its payment status is REFUNDED). */
export const isFullyReturned = (o: Pick<OrderHeaderItem, 'returnedUnits' | 'unitQuantity'>): boolean =>
  allReturned(o.returnedUnits ?? 0, o.unitQuantity);

/** What the order adds to what its customer owes (`owedBalance`: 0 for a draft, a cancelled or refunded order). */
export const owedOf = (o: Money & Pick<OrderHeaderItem, 'orderStatus'>): number =>
  owedBalance({ balanceDue: balanceDueOf(o), orderStatus: o.orderStatus });

/** The open index's sort prefix for an order without a driver (pickups). */
export const NO_DRIVER = '-';

/** The order header as stored. */
export interface OrderHeaderItem {
  orderId: string;
  orderNum: string;
  /** The DRAFT_ number the order had before it left DRAFT (restored when it goes back). */
  draftOrderNum?: string;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  statusModifiedOn: string;
  paymentModifiedOn: string;
  createdAt: string;
  /** YYYY-MM of createdAt: the byMonth partition. */
  createdMonth: string;
  createdBy?: string;
  modifiedOn: string;
  /** Optimistic lock: every update is conditioned on the version it read. */
  version: number;
  customerID: string;
  customerName: string;
  accountOwnerID?: string;
  pickupOrder: boolean;
  deliveryDate?: string;
  driverId?: string;
  /** The driver's id, or NO_DRIVER: the open index's sort prefix. */
  driverKey: string;
  packingLocationId?: string;
  notes?: string;
  discountNotes?: string;
  discountCents: number;
  unitQuantity: number;
  costCents: number;
  subtotalCents: number;
  /** What payments have applied to the order so far. */
  paidCents: number;
  lineCount: number;
  lineGroups: number;
  /** Units per SKU over all lines: what the pending-outbound popover reads without the lines. */
  skuQuantities: Record<string, number>;
  /** The brands of its lines, A–Z (lists show them without reading lines); absent on orders saved before. */
  brands?: string[];
  /** The hash of the request body of an order made with an Idempotency-Key (idempotency.ts). */
  requestHash?: string;
  /** On credit hold (issue 23): why and since when; removed by an ADMIN's release. */
  creditHold?: CreditHold;
  /** The last hold released: the hold, when, by whom and why. */
  creditHoldReleased?: { reason: string; since: string; on: string; by: string; note: string };
  /**
   * Returns (issue 23, section 3), kept by each return's transaction: how many there were, the units each
   * line gave back (by line id), all units, what their credit notes are worth, and the part of that which
   * lowered what the order owed (the rest went to credit or back to the customer).
   */
  returnCount?: number;
  returnedLines?: Record<string, number>;
  returnedUnits?: number;
  returnedCents?: number;
  creditedCents?: number;
  /** The returned units at the prices and costs they sold at, before the discount's share (commission). */
  returnedValueCents?: number;
  returnedCostCents?: number;
}

/** A line as stored (cents; the product snapshot taken when the line was added). */
export interface StoredLine {
  id: string;
  productId: string;
  sku: string;
  batchId: string | null;
  batchNumber?: string;
  quantity: number;
  priceCents: number;
  baseCents: number;
  costCents?: number;
  name: string;
  brandId: string;
  brand: string;
  type: string;
  genetics?: string;
  extractType?: string;
  weight?: number;
  shouldHaveTag: boolean;
  tagsPulled: boolean;
}

/** A group of an order's lines (stored as given: the wire shape with cents fields beside). */
export interface OrderLinesItem {
  orderId: string;
  group: number;
  lines: StoredLine[];
}

/**
 * Access patterns:
 * - primary: the header (Get) or the whole order (collection `orderWhole` Query) — pk orderId.
 * - byCustomer (gsi1): a customer's orders by creation — pk customerID, sk createdAt, orderId.
 * - byMonth (gsi2): orders created in a month, by creation — pk createdMonth (YYYY-MM), sk createdAt, orderId;
 *   a date range queries its months in parallel.
 * - open (gsi3, sparse): orders that hold stock as pending (RECEIVED, FULFILLMENT, PACKED) — one partition,
 *   sk driverKey, orderId: all open orders, or one driver's (begins_with). Only headers in those statuses
 *   carry the keys.
 * - owing (gsi4, sparse): orders with a balance due that count as receivables (not DRAFT, CANCELLED or
 *   REFUNDED) — one partition, sk customerID, createdAt, orderId: the receivables view in one Query. Every
 *   order write puts the whole header, so the keys follow each payment and each edit of the total.
 * - commission (gsi5, sparse): orders a commission may pay — DELIVERED or COMPLETED, with the account owner
 *   the order was placed under — pk accountOwnerID, sk createdAt, orderId: a user's, up to a period's last day,
 *   in one Query. Keys follow status changes like `owing` (whole-header puts).
 * - by number: the number guard (number-entities.ts) maps an order number to its order id.
 */
export const orderEntity = defineEntity<OrderHeaderItem>()({
  entity: 'order',
  version: '1',
  primary: { pk: ['orderId'], sk: [], collection: 'orderWhole' },
  indexes: {
    byCustomer: { index: 'gsi1', pk: ['customerID'], sk: ['createdAt', 'orderId'] },
    byMonth: { index: 'gsi2', pk: ['createdMonth'], sk: ['createdAt', 'orderId'] },
    open: {
      index: 'gsi3',
      pk: [],
      sk: ['driverKey', 'orderId'],
      when: (order: OrderHeaderItem) => isOpenStatus(order.orderStatus),
    },
    owing: {
      index: 'gsi4',
      pk: [],
      sk: ['customerID', 'createdAt', 'orderId'],
      when: (order: OrderHeaderItem) => isReceivable(order.orderStatus, balanceDueOf(order)),
    },
    commission: {
      index: 'gsi5',
      pk: ['accountOwnerID'],
      sk: ['createdAt', 'orderId'],
      when: (order: OrderHeaderItem) => !!order.accountOwnerID && COMMISSION_STATUSES.includes(order.orderStatus),
    },
  },
});

/** Access pattern: the groups of one order, in the order's partition (collection `orderWhole`) — sk group. */
export const orderLinesEntity = defineEntity<OrderLinesItem>()({
  entity: 'orderLines',
  version: '1',
  primary: { pk: ['orderId'], sk: ['group'], collection: 'orderWhole' },
});
