import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PeriodRef } from '@bo/shared';
import { config } from '../src/config';
import { customerEntity, dynamoClient, put } from '../src/data';
import { NO_DRIVER, type OrderHeaderItem, orderEntity } from '../src/data/orders/entity';
import { listEligibleOrders } from '../src/data/payroll/reads';
import { backfillOrderIndexKeys } from '../src/data/seed';
import { useFreshTable } from './support/env';

/**
 * The orders a commission may pay come from one Query of the orders' sparse `commission` index (gsi5): only
 * DELIVERED and COMPLETED headers of the account owner the order was placed under, up to the period's end.
 * A table written before the index gets the keys from the `npm start` backfill.
 */

const OWNER = 'rep-index';
const ref: PeriodRef = { year: 2026, month: 10, payPeriod: 'B' };

const header = (orderId: string, over: Partial<OrderHeaderItem> = {}): OrderHeaderItem =>
  ({
    orderId,
    orderNum: orderId.replace(/\D/g, ''),
    orderStatus: 'DELIVERED',
    paymentStatus: 'PAID',
    statusModifiedOn: '2026-10-20T10:00:00.000Z',
    paymentModifiedOn: '2026-10-20T10:00:00.000Z',
    createdAt: '2026-10-20T10:00:00.000Z',
    createdMonth: '2026-10',
    modifiedOn: '2026-10-20T10:00:00.000Z',
    version: 1,
    driverKey: NO_DRIVER,
    customerID: 'cust-index',
    customerName: 'Index Buyer',
    accountOwnerID: OWNER,
    pickupOrder: true,
    discountCents: 0,
    unitQuantity: 1,
    costCents: 400,
    subtotalCents: 1_000,
    paidCents: 1_000,
    lineGroups: 1,
    skuQuantities: {},
    ...over,
  }) as OrderHeaderItem;

/** Stores a header as a table written before gsi5 held it: every key but the commission index's. */
const putWithoutCommissionKeys = async (order: OrderHeaderItem) => {
  const { gsi5pk: _pk, gsi5sk: _sk, ...item } = orderEntity.toItem(order);
  await dynamoClient().send(new PutCommand({ TableName: config.tableName, Item: item }));
};

const eligibleIds = async () => (await listEligibleOrders(ref, OWNER)).map((o) => o.orderId);

beforeAll(async () => {
  await useFreshTable();
  const at = '2026-10-01T00:00:00.000Z';
  await put(customerEntity, {
    customerId: 'cust-index',
    customerName: 'Index Buyer',
    commpref: 'EMAIL',
    type: 'RETAIL',
    orderType: 'WHOLESALE',
    accountOwnerID: OWNER,
    priceAdjustment: 0,
    creditCents: 0,
    autoRefreshPricing: false,
    customPricingCount: 0,
    version: 1,
    createdAt: at,
    modifiedOn: at,
  } as never);
});

describe('the commission index', () => {
  it('holds exactly the delivered and completed orders of the owner, up to the period end', async () => {
    await Promise.all([
      put(orderEntity, header('idx-1')),
      put(orderEntity, header('idx-2', { orderStatus: 'COMPLETED', createdAt: '2026-09-03T08:00:00.000Z' })),
      put(orderEntity, header('idx-3', { orderStatus: 'PACKED' })),
      put(orderEntity, header('idx-4', { orderStatus: 'DRAFT' })),
      put(orderEntity, header('idx-5', { accountOwnerID: 'someone-else' })),
      put(orderEntity, header('idx-6', { createdAt: '2026-11-01T09:00:00.000Z', createdMonth: '2026-11' })),
      put(orderEntity, header('idx-7', { createdAt: '2026-10-31T23:59:00.000Z' })),
    ]);
    expect(await eligibleIds()).toEqual(['idx-2', 'idx-1', 'idx-7']);
    const raw = orderEntity.toItem(header('idx-3', { orderStatus: 'PACKED' }));
    expect(raw.gsi5pk).toBeUndefined();
  });

  it('follows a status change: a packed order delivered later appears, a cancelled one leaves', async () => {
    await put(orderEntity, header('idx-3', { orderStatus: 'DELIVERED', version: 2 }));
    await put(orderEntity, header('idx-1', { orderStatus: 'CANCELLED', version: 2 }));
    expect(await eligibleIds()).toEqual(['idx-2', 'idx-3', 'idx-7']);
  });

  it('is filled by the backfill for orders stored before it existed, once', async () => {
    await putWithoutCommissionKeys(header('idx-8', { createdAt: '2026-10-05T10:00:00.000Z' }));
    await putWithoutCommissionKeys(header('idx-9', { orderStatus: 'RECEIVED' }));
    expect(await eligibleIds()).not.toContain('idx-8');
    expect(await backfillOrderIndexKeys()).toBe(1);
    expect(await eligibleIds()).toEqual(['idx-2', 'idx-8', 'idx-3', 'idx-7']);
    expect(await backfillOrderIndexKeys()).toBe(0);
  });
});
