import { ORDER_STATUSES, PAYMENT_STATUSES, RESERVING_STATUSES, type OrderStatus } from '@bo/shared';
import { Entity, type EntityItem } from 'electrodb';

/**
 * A sales order: one header item and its lines in groups of ORDER_LINE_GROUP, all in the order's partition
 * (collection `orderWhole`: one Query reads an order whole). Grouping keeps a 500-line order at 11 items, so
 * an order, its number guard, change-log entry and stock-ledger buckets (at most 64) always fit one
 * transaction (100 items). Money in integer cents.
 *
 * Access patterns:
 * - byId: the header (Get) or the whole order (collection Query) — pk orderId.
 * - byCustomer (gsi1): a customer's orders by creation — pk customerID, sk createdAt, orderId.
 * - byMonth (gsi2): orders created in a month, by creation — pk createdMonth (YYYY-MM), sk createdAt, orderId;
 *   a date range queries its months in parallel.
 * - open (gsi3, sparse): orders that hold stock as pending (RECEIVED, FULFILLMENT, PACKED) — one partition,
 *   sk driverKey, orderId: all open orders, or one driver's (begins_with). Only headers in those statuses
 *   carry the keys.
 * - by number: the number guard (below) maps an order number to its order id.
 */
export const ORDER_LINE_GROUP = 50;

export const isOpenStatus = (status: OrderStatus): boolean => RESERVING_STATUSES.includes(status);

/** The open index's sort prefix for an order without a driver (pickups). */
export const NO_DRIVER = '-';

export const orderEntity = new Entity({
  model: { entity: 'order', version: '1', service: 'bo' },
  attributes: {
    orderId: { type: 'string', required: true, readOnly: true },
    orderNum: { type: 'string', required: true },
    /** The DRAFT_ number the order had before it left DRAFT (restored when it goes back). */
    draftOrderNum: { type: 'string' },
    orderStatus: { type: [...ORDER_STATUSES] as const, required: true },
    paymentStatus: { type: [...PAYMENT_STATUSES] as const, required: true },
    statusModifiedOn: { type: 'string', required: true },
    paymentModifiedOn: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    createdMonth: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string' },
    modifiedOn: { type: 'string', required: true },
    version: { type: 'number', required: true },
    customerID: { type: 'string', required: true, readOnly: true },
    customerName: { type: 'string', required: true },
    accountOwnerID: { type: 'string' },
    pickupOrder: { type: 'boolean', required: true },
    deliveryDate: { type: 'string' },
    driverId: { type: 'string' },
    driverKey: { type: 'string', required: true },
    packingLocationId: { type: 'string' },
    notes: { type: 'string' },
    discountNotes: { type: 'string' },
    discountCents: { type: 'number', required: true },
    unitQuantity: { type: 'number', required: true },
    costCents: { type: 'number', required: true },
    subtotalCents: { type: 'number', required: true },
    /** What payments have applied to the order so far. */
    paidCents: { type: 'number', required: true },
    lineCount: { type: 'number', required: true },
    lineGroups: { type: 'number', required: true },
    /** Units per SKU over all lines: what the pending-outbound popover reads without the lines. */
    skuQuantities: { type: 'any', required: true },
  },
  indexes: {
    byId: {
      collection: 'orderWhole',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: [] },
    },
    byCustomer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerID'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'orderId'] },
    },
    byMonth: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['createdMonth'] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'orderId'] },
    },
    open: {
      index: 'gsi3',
      condition: (attr: { orderStatus?: OrderStatus }) =>
        attr.orderStatus !== undefined && isOpenStatus(attr.orderStatus),
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['driverKey', 'orderId'] },
    },
  },
});
export type OrderItemRecord = EntityItem<typeof orderEntity>;

/** A group of an order's lines (stored as given: the wire shape with cents fields beside). */
export const orderLinesEntity = new Entity({
  model: { entity: 'orderLines', version: '1', service: 'bo' },
  attributes: {
    orderId: { type: 'string', required: true, readOnly: true },
    group: { type: 'number', required: true, readOnly: true },
    lines: { type: 'any', required: true },
  },
  indexes: {
    byOrder: {
      collection: 'orderWhole',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['group'] },
    },
  },
});
export type OrderLinesRecord = EntityItem<typeof orderLinesEntity>;

/**
 * Order number guard: one item per number in use, created with `attribute_not_exists` in the order's
 * transaction, so two orders never share a number. Access pattern: Get by orderNum.
 */
export const orderNumberEntity = new Entity({
  model: { entity: 'orderNumber', version: '1', service: 'bo' },
  attributes: {
    orderNum: { type: 'string', required: true, readOnly: true },
    orderId: { type: 'string', required: true },
  },
  indexes: {
    byNumber: { pk: { field: 'pk', composite: ['orderNum'] }, sk: { field: 'sk', composite: [] } },
  },
});
