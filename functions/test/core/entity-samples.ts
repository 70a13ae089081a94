import type { AnyEntity, RecordOfEntity } from '../../src/data/core';
import { brandEntity } from '../../src/data/brands/entity';
import { productLineEntity } from '../../src/data/brands/product-line-entity';
import { changeLogEntity } from '../../src/data/change-log/entity';
import { customPriceEntity } from '../../src/data/custom-pricing/entity';
import { priceHistoryEntity } from '../../src/data/custom-pricing/history-entity';
import { pricingSnapshotEntryEntity, pricingSnapshotHeaderEntity } from '../../src/data/custom-pricing/snapshot-entity';
import { customerEntity } from '../../src/data/customers/entity';
import {
  locationCounterEntity,
  locationDefaultEntity,
  locationEntity,
  locationNameEntity,
} from '../../src/data/locations/entity';
import { NO_DRIVER, orderEntity, orderLinesEntity } from '../../src/data/orders/entity';
import { orderCounterEntity, orderNumberEntity } from '../../src/data/orders/number-entities';
import { paymentEntity, paymentLinkEntity } from '../../src/data/payments/entity';
import { paidOrderClaimEntity, payrollPeriodEntity, payrollRowEntity } from '../../src/data/payroll/entity';
import { savedFilterEntity } from '../../src/data/preferences/entity';
import { extractTypeEntity, productTypeEntity } from '../../src/data/product-types/entity';
import { batchEntity } from '../../src/data/products/batch-entity';
import { productEntity } from '../../src/data/products/entity';
import { skuCounterEntity, skuGuardEntity } from '../../src/data/products/sku-entity';
import { purchaseLinesEntity, purchaseNumberEntity, purchaseOrderEntity } from '../../src/data/purchases/entity';
import { userEntity } from '../../src/data/users/entity';

/**
 * One record of every entity of the data layer, typed by the entity (so each is a valid record), with every
 * optional attribute that shapes a key or an index filled in and values whose case and punctuation a key
 * could mangle ("Mixed Case", `#`, `_`): what a round trip must give back unchanged. A sample is in the
 * sparse indexes whose condition it meets (membership as it changes is tested in sparse-indexes.test.ts).
 */
export interface Sample {
  entity: AnyEntity;
  record: Record<string, unknown>;
}
const sample = <E extends AnyEntity>(entity: E, record: RecordOfEntity<E>): Sample => ({ entity, record });

const at = '2026-03-05T10:00:00.000Z';
const later = '2026-03-06T11:30:00.000Z';

export const SAMPLES: readonly Sample[] = [
  sample(brandEntity, {
    brandId: 'rt-Brand_1',
    name: 'Round Trip Farms',
    website: 'https://example.com',
    skucode: 'RTF',
    excludeFromReporting: false,
    hideInInventoryOverview: true,
    maxBrandStock: 500,
    limits: [{ typeId: 'type-1', weight: 3.5, maxStock: 40 }],
    productCount: 2,
    version: 3,
    createdAt: at,
    modifiedOn: later,
  }),
  sample(productLineEntity, { brandId: 'rt-Brand_1', lineId: 'line#1', name: 'Reserve', createdAt: at }),
  sample(changeLogEntity, {
    id: 'log-1',
    action: 'update',
    entityType: 'order',
    entityId: 'rt-order-1',
    userId: 'user-1',
    userName: 'Ann Admin',
    createdAt: at,
    notes: 'A note',
    changes: [
      { name: 'Status', field: 'orderStatus', action: 'update', previousValue: 'PACKED', newValue: 'DELIVERED' },
    ],
    order: { id: 'rt-order-1', orderNum: '1001', status: 'DELIVERED' },
  }),
  sample(customPriceEntity, {
    customerId: 'rt-customer-1',
    productId: 'rt-product-1',
    priceCents: 1_250,
    source: 'margin',
    rule: { direction: '+', kind: '%', basis: 'cost', value: 12.5 },
    referenceCents: 1_000,
    history: [{ priceCents: 1_200, date: at }],
    version: 2,
    createdAt: at,
    dateUpdated: later,
  }),
  sample(priceHistoryEntity, {
    customerId: 'rt-customer-1',
    productId: 'rt-product-1',
    date: at,
    id: 'history-1',
    priceCents: 1_250,
    source: 'fixed',
    userId: 'user-1',
  }),
  sample(pricingSnapshotHeaderEntity, { generatedAt: at, customers: 4, pending: 1 }),
  sample(pricingSnapshotEntryEntity, {
    customerId: 'rt-customer-1',
    chunk: 2,
    chunks: 3,
    customerName: 'Round Trip Buyer',
    pricedCount: 120,
    computedAt: at,
    payload: '{"prices":[]}',
  }),
  sample(customerEntity, {
    customerId: 'rt-customer-1',
    customerName: 'Round Trip Buyer',
    contactEmail: 'buyer@example.com',
    commpref: 'EMAIL',
    type: 'WHOLESALE',
    orderType: 'PICKUP',
    accountOwnerID: 'user-1',
    priceAdjustment: -5,
    creditCents: 2_500,
    autoRefreshPricing: true,
    customPricingCount: 1,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  }),
  sample(locationEntity, {
    locationId: 'loc-1',
    name: 'Main Warehouse',
    color: '#0972d3',
    isDefault: true,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  }),
  sample(locationCounterEntity, { seq: 7 }),
  sample(locationDefaultEntity, { locationId: 'loc-1', modifiedOn: at }),
  sample(locationNameEntity, { nameKey: 'main warehouse', locationId: 'loc-1' }),
  sample(orderEntity, {
    orderId: 'rt-order-1',
    orderNum: '1001',
    orderStatus: 'DELIVERED',
    paymentStatus: 'PARTIAL',
    statusModifiedOn: later,
    paymentModifiedOn: later,
    createdAt: at,
    createdMonth: '2026-03',
    createdBy: 'user-1',
    modifiedOn: later,
    version: 4,
    customerID: 'rt-customer-1',
    customerName: 'Round Trip Buyer',
    accountOwnerID: 'user-1',
    pickupOrder: true,
    driverKey: NO_DRIVER,
    discountCents: 100,
    unitQuantity: 3,
    costCents: 1_500,
    subtotalCents: 3_750,
    paidCents: 1_000,
    lineCount: 1,
    lineGroups: 1,
    skuQuantities: { 'RTF-FLO-0001': 3 },
    brands: ['Round Trip Farms'],
  }),
  sample(orderLinesEntity, {
    orderId: 'rt-order-1',
    group: 0,
    lines: [
      {
        id: 'line-1',
        productId: 'rt-product-1',
        sku: 'RTF-FLO-0001',
        batchId: null,
        quantity: 3,
        priceCents: 1_250,
        baseCents: 1_250,
        costCents: 500,
        name: 'Trip',
        brandId: 'rt-Brand_1',
        brand: 'Round Trip Farms',
        type: 'Flower',
        shouldHaveTag: false,
        tagsPulled: false,
      },
    ],
  }),
  sample(orderNumberEntity, { orderNum: '1001', orderId: 'rt-order-1' }),
  sample(orderCounterEntity, { name: 'orders', seq: 1001 }),
  sample(paymentEntity, {
    paymentId: 'rt-payment-1',
    customerId: 'rt-customer-1',
    customerName: 'Round Trip Buyer',
    amountCents: 1_000,
    paymentDate: '2026-03-06',
    paymentMonth: '2026-03',
    paymentMethod: 'CHECK',
    applied: [{ orderId: 'rt-order-1', orderNum: '1001', amountCents: 1_000 }],
    creditDeductedCents: 0,
    creditAddedCents: 0,
    createdOn: later,
    modifiedOn: later,
    version: 1,
  }),
  sample(paymentLinkEntity, {
    orderId: 'rt-order-1',
    paymentId: 'rt-payment-1',
    paymentDate: '2026-03-06',
    amountCents: 1_000,
  }),
  sample(payrollPeriodEntity, {
    periodKey: '2026-03-A',
    year: 2026,
    month: 3,
    payPeriod: 'A',
    status: 'DRAFT',
    lastSaved: at,
    version: 2,
  }),
  sample(payrollRowEntity, {
    periodKey: '2026-03-A',
    userId: 'user-1',
    payType: 'HOURLY',
    baseRateCents: 2_000,
    hoursWorked: 40,
    reimbursements: [{ description: 'Fuel', amountCents: 1_500 }],
    paidOrderIds: ['rt-order-1'],
    modifiedOn: at,
  }),
  sample(paidOrderClaimEntity, {
    orderId: 'rt-order-1',
    periodKey: '2026-03-A',
    userId: 'user-1',
    orderNum: '1001',
    adjustedCostCents: null,
    commissionCents: 225,
    claimedOn: at,
  }),
  sample(savedFilterEntity, {
    userId: 'user-1',
    filterId: 'filter-1',
    filterName: 'Low stock',
    variant: 'inventory',
    filters: { tokens: [{ propertyKey: 'stock', operator: '<', value: '5' }], operation: 'and' },
    createdAt: at,
  }),
  sample(productTypeEntity, { id: 'type-1', name: 'Flower', productCount: 2, createdAt: at, modifiedOn: at }),
  sample(extractTypeEntity, { id: 'extract-1', name: 'Rosin', productCount: 0, createdAt: at, modifiedOn: at }),
  sample(batchEntity, {
    productId: 'rt-product-1',
    batchId: 'batch-1',
    batchNumber: 'B-001',
    receivedOn: '2026-03-01',
    isCheckedIn: true,
    initialQuantity: 24,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  }),
  sample(productEntity, {
    productId: 'rt-product-1',
    shard: '1',
    sku: 'RTF-FLO-0001',
    brandID: 'rt-Brand_1',
    typeID: 'type-1',
    name: 'Trip',
    genetics: 'HYBRID',
    extractTypeID: 'extract-1',
    productLineIDs: ['line#1'],
    status: 'ACTIVE',
    weight: 3.5,
    costCents: 500,
    basePriceCents: 1_250,
    discountEligible: true,
    hasBatch: true,
    hideFromCatalog: false,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  }),
  sample(skuCounterEntity, { prefix: 'RTF-FLO', seq: 1 }),
  sample(skuGuardEntity, { sku: 'RTF-FLO-0001', productId: 'rt-product-1' }),
  sample(purchaseOrderEntity, {
    purchaseOrderId: 'rt-po-1',
    purchaseOrderNum: '501',
    brandID: 'rt-Brand_1',
    brandName: 'Round Trip Farms',
    orderPlacedOn: at,
    orderStatus: 'ORDERED',
    paymentStatus: 'AWAITING',
    statusModifiedOn: at,
    paymentModifiedOn: at,
    unitQuantity: 10,
    totalCents: 5_000,
    lineCount: 1,
    lineGroups: 1,
    stockedLineCount: 0,
    unstockedUnits: { 'RTF-FLO-0001': 10 },
    modifiedOn: at,
    version: 1,
  }),
  sample(purchaseLinesEntity, {
    purchaseOrderId: 'rt-po-1',
    group: 0,
    lines: [
      {
        productId: 'rt-product-1',
        sku: 'RTF-FLO-0001',
        name: 'Trip',
        brand: 'Round Trip Farms',
        type: 'Flower',
        quantity: 10,
        unitCostCents: 500,
        hasBatch: true,
        hasBeenStocked: false,
      },
    ],
  }),
  sample(purchaseNumberEntity, { purchaseOrderNum: '501', purchaseOrderId: 'rt-po-1' }),
  sample(userEntity, {
    id: 'user-1',
    username: 'ann@example.com',
    name: 'Ann Admin',
    email: 'ann@example.com',
    role: ['ADMIN', 'SALES'],
    userBrands: ['rt-Brand_1'],
    createdAt: at,
    modifiedOn: at,
  }),
];
