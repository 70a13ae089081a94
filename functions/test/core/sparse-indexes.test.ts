import { beforeAll, describe, expect, it } from 'vitest';
import { newOrderBody } from '@bo/shared';
import {
  type Actor,
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  get,
  getRaw,
  put,
  queryAll,
  recordPayment,
  transaction,
  updateOrder,
} from '../../src/data';
import { NO_DRIVER, type OrderHeaderItem, orderEntity } from '../../src/data/orders/entity';
import { type PurchaseHeaderItem, purchaseOrderEntity } from '../../src/data/purchases/entity';
import { userEntity } from '../../src/data/users/entity';
import { useFreshTable } from '../support/env';

/**
 * A sparse index holds an item while its record meets the index's condition. Membership is recomputed from
 * the record on every put, in both directions, including when the record was read from the table (whose
 * stored item carries the old index keys): the leak of issue 21, where a cancelled, fully paid order stayed
 * in `owing` (gsi4) and `commission` (gsi5) because a read record carried its gsi4/gsi5 keys back.
 */

const OWNER = 'owner-sparse';
const at = '2026-04-02T09:00:00.000Z';

const owing = async () => (await queryAll(orderEntity, 'owing', {})).map((o) => o.orderId);
const commission = async () =>
  (await queryAll(orderEntity, 'commission', { accountOwnerID: OWNER })).map((o) => o.orderId);
const open = async () => (await queryAll(orderEntity, 'open', {})).map((o) => o.orderId);
const indexKeysOf = async (key: { pk: string; sk: string }) =>
  Object.keys((await getRaw(key, { consistent: true })) ?? {})
    .filter((n) => /^gsi\dpk$/.test(n))
    .sort();

const header = (orderId: string, over: Partial<OrderHeaderItem> = {}): OrderHeaderItem => ({
  orderId,
  orderNum: orderId,
  orderStatus: 'DELIVERED',
  paymentStatus: 'AWAITING',
  statusModifiedOn: at,
  paymentModifiedOn: at,
  createdAt: at,
  createdMonth: '2026-04',
  modifiedOn: at,
  version: 1,
  customerID: 'customer-sparse',
  customerName: 'Sparse Buyer',
  accountOwnerID: OWNER,
  pickupOrder: true,
  driverKey: NO_DRIVER,
  discountCents: 0,
  unitQuantity: 1,
  costCents: 400,
  subtotalCents: 1_000,
  paidCents: 0,
  lineCount: 1,
  lineGroups: 1,
  skuQuantities: {},
  ...over,
});

beforeAll(async () => {
  await useFreshTable();
});

describe('a record read, changed and put back', () => {
  it('leaves the sparse indexes it no longer qualifies for, and joins them again', async () => {
    await put(orderEntity, header('sparse-1'));
    expect(await owing()).toContain('sparse-1');
    expect(await commission()).toContain('sparse-1');

    const read = (await get(orderEntity, { orderId: 'sparse-1' }, { consistent: true }))!;
    expect(Object.keys(read).filter((n) => /^gsi|^pk$|^sk$|^__edb/.test(n))).toEqual([]);
    await put(orderEntity, { ...read, orderStatus: 'CANCELLED', paidCents: 1_000, version: 2 });
    expect(await owing()).not.toContain('sparse-1');
    expect(await commission()).not.toContain('sparse-1');
    expect(await indexKeysOf(orderEntity.key({ orderId: 'sparse-1' }))).toEqual(['gsi1pk', 'gsi2pk']);

    const again = (await get(orderEntity, { orderId: 'sparse-1' }, { consistent: true }))!;
    await put(orderEntity, { ...again, orderStatus: 'PACKED', paidCents: 0, version: 3 });
    expect(await owing()).toContain('sparse-1');
    expect(await open()).toContain('sparse-1');
    expect(await commission()).not.toContain('sparse-1');
    expect(await indexKeysOf(orderEntity.key({ orderId: 'sparse-1' }))).toEqual([
      'gsi1pk',
      'gsi2pk',
      'gsi3pk',
      'gsi4pk',
    ]);
  });

  it('does the same inside a transaction', async () => {
    await put(orderEntity, header('sparse-2'));
    const read = (await get(orderEntity, { orderId: 'sparse-2' }, { consistent: true }))!;
    await transaction()
      .put('order', orderEntity, { ...read, orderStatus: 'REFUNDED', version: 2 })
      .commit();
    expect(await owing()).not.toContain('sparse-2');
    expect(await commission()).not.toContain('sparse-2');
  });

  it('ignores index keys a record carries (one spread from a stored item): keys come from its values', async () => {
    const stored = (await getRaw(orderEntity.key({ orderId: 'sparse-2' })))!;
    expect(stored.gsi4pk).toBeUndefined();
    const withStaleKeys = { ...stored, ...orderEntity.toItem(header('sparse-2')), orderStatus: 'CANCELLED' };
    await put(orderEntity, withStaleKeys as unknown as OrderHeaderItem);
    expect(await indexKeysOf(orderEntity.key({ orderId: 'sparse-2' }))).toEqual(['gsi1pk', 'gsi2pk']);
  });

  it('keeps purchase orders in `onOrder` only while pending or ordered', async () => {
    const po: PurchaseHeaderItem = {
      purchaseOrderId: 'po-sparse',
      purchaseOrderNum: '900',
      brandID: 'brand-sparse',
      brandName: 'Sparse Farms',
      orderPlacedOn: at,
      orderStatus: 'ORDERED',
      paymentStatus: 'AWAITING',
      statusModifiedOn: at,
      paymentModifiedOn: at,
      unitQuantity: 4,
      totalCents: 2_000,
      lineCount: 1,
      lineGroups: 1,
      stockedLineCount: 0,
      unstockedUnits: { 'SP-1': 4 },
      modifiedOn: at,
      version: 1,
    };
    const onOrder = async () => (await queryAll(purchaseOrderEntity, 'onOrder', {})).map((p) => p.purchaseOrderId);
    await put(purchaseOrderEntity, po);
    expect(await onOrder()).toEqual(['po-sparse']);
    const read = (await get(purchaseOrderEntity, { purchaseOrderId: 'po-sparse' }, { consistent: true }))!;
    await put(purchaseOrderEntity, { ...read, orderStatus: 'RECEIVED', version: 2 });
    expect(await onOrder()).toEqual([]);
  });

  it('an entity with a sparse index is never updated in part (its membership needs the whole record)', () => {
    expect(() =>
      transaction().update('order', orderEntity, { orderId: 'sparse-1' }, { set: { orderStatus: 'CANCELLED' } }),
    ).toThrow(/sparse indexes \(open, owing, commission\) need a put of the whole record/);
  });
});

describe('the order flows that put a read header back', () => {
  const sales: Actor = { userId: 'sales-sparse', roles: ['SALES'], isAdmin: false, name: 'Sam Sales' };
  const driver: Actor = { userId: 'driver-sparse', roles: ['DRIVER'], isAdmin: false, name: 'Dan Driver' };
  const admin: Actor = { userId: 'admin-sparse', roles: ['ADMIN'], isAdmin: true, name: 'Ann Admin' };
  let customerId: string;
  let sku: string;

  beforeAll(async () => {
    await put(userEntity, {
      id: OWNER,
      username: 'owner@example.com',
      name: 'Olive Owner',
      email: 'owner@example.com',
      role: ['SALES'],
      createdAt: at,
      modifiedOn: at,
    });
    const typeID = (await createProductType({ name: 'Flower' }, admin)).id;
    const brand = await createBrand({ name: 'Sparse Farms', skucode: 'SPF' }, admin);
    const product = await createProduct(
      {
        name: 'Sparse',
        brandID: brand.id,
        typeID,
        status: 'ACTIVE',
        basePrice: 20,
        cost: 8,
        discountEligible: true,
        hasBatch: false,
        hideFromCatalog: false,
        stock: 50,
      },
      admin,
    );
    sku = product.sku;
    await createLocation({ name: 'Main Warehouse', color: '#0972d3' }, admin);
    const customer = await createCustomer(
      {
        customerName: 'Flow Buyer',
        commpref: 'EMAIL',
        type: 'WHOLESALE',
        orderType: 'PICKUP',
        priceAdjustment: 0,
        autoRefreshPricing: false,
        accountOwnerID: OWNER,
      },
      sales,
    );
    customerId = customer.id;
  });

  const newOrder = () =>
    createOrder(
      newOrderBody.parse({
        customerID: customerId,
        pickupOrder: true,
        products: [{ productSku: sku, productBatchId: null, quantity: 6, unitPrice: 20 }],
      }),
      sales,
    );

  it('an order follows its status and payments in and out of open, owing and commission', async () => {
    const order = await newOrder();
    expect([await open(), await owing(), await commission()].map((ids) => ids.includes(order.id))).toEqual([
      true,
      true,
      false,
    ]);

    await updateOrder(order.id, { orderStatus: 'DELIVERED' }, driver);
    expect([await open(), await owing(), await commission()].map((ids) => ids.includes(order.id))).toEqual([
      false,
      true,
      true,
    ]);

    // The payment transaction puts the header it read back with the new paid amount.
    await recordPayment(customerId, newPayment(order.id, 120), sales);
    expect([await open(), await owing(), await commission()].map((ids) => ids.includes(order.id))).toEqual([
      false,
      false,
      true,
    ]);

    await updateOrder(order.id, { orderStatus: 'CANCELLED' }, admin);
    expect([await open(), await owing(), await commission()].map((ids) => ids.includes(order.id))).toEqual([
      false,
      false,
      false,
    ]);
  });
});

const newPayment = (orderId: string, amount: number) => ({
  amount,
  paymentDate: new Date().toISOString().slice(0, 10),
  appliedPayments: [{ orderId, amount }],
  customerCreditDeducted: 0,
  paymentMethod: 'CHECK' as const,
});
