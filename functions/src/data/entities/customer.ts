import { COMM_PREFS, CUSTOMER_TYPES, ORDER_TYPES } from '@bo/shared';
import { Entity, type EntityItem } from 'electrodb';

/**
 * Customer. Credit in integer cents; `priceAdjustment` is a percentage, stored as given.
 * Access patterns:
 * - byId: get one — pk customerId; shares its partition with the customer's custom prices
 *   (collection `customerPricing`: one Query reads a customer and every price it has).
 * - all (gsi1): every customer in one partition, sorted by name (sk customerName + customerId; keys are
 *   lower-cased by ElectroDB, the exact en-US order is applied after the Query).
 * Invariants:
 * - `customPricingCount` changes only inside the custom-price transactions (ADD ±n beside the price items,
 *   which carry `attribute_not_exists`/version conditions), so it always equals the number of price items.
 * - `version` is the optimistic lock of field edits and access-code refreshes (not of price writes).
 */
export const customerEntity = new Entity({
  model: { entity: 'customer', version: '1', service: 'bo' },
  attributes: {
    customerId: { type: 'string', required: true, readOnly: true },
    customerName: { type: 'string', required: true },
    image: { type: 'string' },
    contactName: { type: 'string' },
    contactEmail: { type: 'string' },
    contactPhone: { type: 'string' },
    contactTelegram: { type: 'string' },
    address: { type: 'string' },
    website: { type: 'string' },
    commpref: { type: [...COMM_PREFS] as const, required: true },
    type: { type: [...CUSTOMER_TYPES] as const, required: true },
    orderType: { type: [...ORDER_TYPES] as const, required: true },
    accountOwnerID: { type: 'string' },
    notes: { type: 'string' },
    priceAdjustment: { type: 'number', required: true, default: 0 },
    creditCents: { type: 'number', required: true, default: 0 },
    tgAccessCode: { type: 'string' },
    autoRefreshPricing: { type: 'boolean', required: true, default: false },
    customPricingCount: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true, default: 1 },
    createdAt: { type: 'string', required: true, readOnly: true },
    modifiedOn: { type: 'string', required: true },
  },
  indexes: {
    byId: {
      collection: 'customerPricing',
      pk: { field: 'pk', composite: ['customerId'] },
      sk: { field: 'sk', composite: [] },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['customerName', 'customerId'] },
    },
  },
});

export type CustomerItem = EntityItem<typeof customerEntity>;
