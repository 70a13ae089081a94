import { Entity, Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The ElectroDB models the sales-order and location items were written with before the data core
 * (functions/src/data/entities/{order,order-counter,location}.ts as of issue 5), kept only for the key-format
 * test: data the old code wrote must read through the core and the other way round. ElectroDB stays a dev dependency for this compatibility test only; no Lambda bundles it.
 */
const str = { type: 'string', required: true } as const;
const num = { type: 'number', required: true } as const;

const order = new Entity({
  model: { entity: 'order', version: '1', service: 'bo' },
  attributes: {
    orderId: str,
    orderNum: str,
    draftOrderNum: { type: 'string' },
    orderStatus: str,
    paymentStatus: str,
    statusModifiedOn: str,
    paymentModifiedOn: str,
    createdAt: str,
    createdMonth: str,
    createdBy: { type: 'string' },
    modifiedOn: str,
    version: num,
    customerID: str,
    customerName: str,
    accountOwnerID: { type: 'string' },
    pickupOrder: { type: 'boolean', required: true },
    deliveryDate: { type: 'string' },
    driverId: { type: 'string' },
    driverKey: str,
    packingLocationId: { type: 'string' },
    notes: { type: 'string' },
    discountNotes: { type: 'string' },
    discountCents: num,
    unitQuantity: num,
    costCents: num,
    subtotalCents: num,
    paidCents: num,
    lineCount: num,
    lineGroups: num,
    skuQuantities: { type: 'any', required: true },
    brands: { type: 'any' },
  },
  indexes: {
    byId: { collection: 'orderWhole', pk: { field: 'pk', composite: ['orderId'] }, sk: { field: 'sk', composite: [] } },
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
      condition: (attr: { orderStatus?: string }) =>
        ['RECEIVED', 'FULFILLMENT', 'PACKED'].includes(attr.orderStatus ?? ''),
      pk: { field: 'gsi3pk', composite: [] },
      sk: { field: 'gsi3sk', composite: ['driverKey', 'orderId'] },
    },
    // Issue 13: what ElectroDB would write for the sparse receivables index (same key format).
    owing: {
      index: 'gsi4',
      condition: (attr: { orderStatus?: string; subtotalCents?: number; discountCents?: number; paidCents?: number }) =>
        !['DRAFT', 'CANCELLED', 'REFUNDED'].includes(attr.orderStatus ?? '') &&
        (attr.subtotalCents ?? 0) - (attr.discountCents ?? 0) - (attr.paidCents ?? 0) > 0,
      pk: { field: 'gsi4pk', composite: [] },
      sk: { field: 'gsi4sk', composite: ['customerID', 'createdAt', 'orderId'] },
    },
  },
});

const orderLines = new Entity({
  model: { entity: 'orderLines', version: '1', service: 'bo' },
  attributes: { orderId: str, group: num, lines: { type: 'any', required: true } },
  indexes: {
    byOrder: {
      collection: 'orderWhole',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['group'] },
    },
  },
});

const orderNumber = new Entity({
  model: { entity: 'orderNumber', version: '1', service: 'bo' },
  attributes: { orderNum: str, orderId: str },
  indexes: { byNumber: { pk: { field: 'pk', composite: ['orderNum'] }, sk: { field: 'sk', composite: [] } } },
});

const orderCounter = new Entity({
  model: { entity: 'orderCounter', version: '1', service: 'bo' },
  attributes: { name: str, seq: { type: 'number', required: true, default: 0 } },
  indexes: { byName: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } } },
});

const location = new Entity({
  model: { entity: 'location', version: '1', service: 'bo' },
  attributes: {
    locationId: str,
    name: str,
    color: str,
    isDefault: { type: 'boolean', required: true, default: false },
    version: { type: 'number', required: true, default: 1 },
    createdAt: str,
    modifiedOn: str,
  },
  indexes: {
    byId: {
      collection: 'locations',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['locationId'] },
    },
  },
});
const locationCounter = new Entity({
  model: { entity: 'locationCounter', version: '1', service: 'bo' },
  attributes: { seq: { type: 'number', required: true, default: 0 } },
  indexes: {
    single: { collection: 'locations', pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: [] } },
  },
});
const locationDefault = new Entity({
  model: { entity: 'locationDefault', version: '1', service: 'bo' },
  attributes: { locationId: str, modifiedOn: str },
  indexes: {
    single: { collection: 'locations', pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: [] } },
  },
});
const locationName = new Entity({
  model: { entity: 'locationName', version: '1', service: 'bo' },
  attributes: { nameKey: str, locationId: str },
  indexes: {
    byName: {
      collection: 'locations',
      pk: { field: 'pk', composite: [] },
      sk: { field: 'sk', composite: ['nameKey'] },
    },
  },
});

export const legacyService = (table: string, client: DynamoDBDocumentClient) =>
  new Service(
    { order, orderLines, orderNumber, orderCounter, location, locationCounter, locationDefault, locationName },
    { table, client },
  );
