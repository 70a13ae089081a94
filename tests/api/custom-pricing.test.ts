import type {
  AllPricingUpdates,
  Brand,
  ChangeLogEntry,
  Customer,
  CustomerPricingUpdates,
  CustomerWithPricing,
  CustomPrice,
  Product,
} from '@bo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/**
 * Custom pricing over HTTP with real tokens: bulk prices, delete, copy, margins (base price and cost),
 * the refresh of one and all customers and applying it, products with a customer's prices.
 */

const unique = () => Math.random().toString(36).slice(2, 8);

let sales: string;
let admin: string;
let brand: Brand;
let typeId: string;
let otherTypeId: string;
/** Base prices 30, 40, 50, 60; costs 12, 16, none, 24. */
let products: Product[];

beforeAll(async () => {
  [sales, admin] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN')]);
  const inventory = await tokenFor('INVENTORY');
  typeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Flower ${unique()}` },
    })
  ).body.id;
  otherTypeId = (
    await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: inventory,
      body: { name: `Vape ${unique()}` },
    })
  ).body.id;
  brand = (
    await call<Brand>('POST', '/api/db/brands/addNew', {
      token: inventory,
      body: { name: `Pricing Farms ${unique()}`, skucode: `P${unique().slice(0, 5)}` },
    })
  ).body;
  products = [];
  for (const [i, base] of [30, 40, 50, 60].entries()) {
    const created = await call<Product>('POST', '/api/db/products/addNew', {
      token: inventory,
      body: {
        name: `Item ${i}`,
        brandID: brand.id,
        typeID: i === 3 ? otherTypeId : typeId,
        basePrice: base,
        ...(i === 2 ? {} : { cost: base * 0.4 }),
        stock: 10,
      },
    });
    expect(created.status).toBe(200);
    products.push(created.body);
  }
});

async function newCustomer(name = `Pricing ${unique()}`) {
  const created = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: { customerName: name },
  });
  expect(created.status).toBe(200);
  return created.body.id;
}

const pricesOf = async (customerId: string, token = sales) => {
  const result = await call<CustomPrice[]>('GET', `/api/db/customers/getCustomPricing/${customerId}/`, { token });
  expect(result.status).toBe(200);
  return new Map(result.body.map((p) => [p.productId, p]));
};
const ids = (...indexes: number[]) => indexes.map((i) => products[i]!.id);

describe('custom prices over HTTP', () => {
  it('sets a bulk price, deletes one and several, and counts them', async () => {
    const id = await newCustomer();
    const set = await call('PUT', `/api/db/customers/updateCustomPricing/${id}`, {
      token: sales,
      body: { productIds: ids(0, 1, 2), customPrice: 27.5 },
    });
    expect(set).toEqual({ status: 200, body: { updated: 3 } });
    const prices = await pricesOf(id);
    expect(prices.get(products[0]!.id)).toMatchObject({ customPrice: 27.5, source: 'fixed', referencePrice: 30 });
    expect(prices.size).toBe(3);
    const customer = await call<CustomerWithPricing>('GET', `/api/db/customers/getByID/${id}`, { token: sales });
    expect(customer.body).toMatchObject({ customPricingCount: 3 });
    expect(customer.body.customPricings).toHaveLength(3);

    const one = await call('DELETE', `/api/db/customers/deleteCustomPricing/${id}`, {
      token: sales,
      body: { productId: products[0]!.id },
    });
    expect(one.body).toEqual({ updated: 1 });
    const several = await call('DELETE', `/api/db/customers/deleteCustomPricing/${id}`, {
      token: sales,
      body: { productIds: ids(0, 1) },
    });
    expect(several.body).toEqual({ updated: 1 });
    expect([...(await pricesOf(id)).keys()]).toEqual(ids(2));
    const after = await call<Customer>('GET', `/api/db/customers/getByID/${id}`, { token: sales });
    expect(after.body.customPricingCount).toBe(1);

    const withPricing = await call<{ res: CustomerWithPricing[] }>(
      'GET',
      '/api/db/customers/getAllWithCustomPricing/',
      {
        token: sales,
      },
    );
    expect(withPricing.body.res.find((c) => c.id === id)?.customPricings.map((p) => p.productId)).toEqual(ids(2));
    expect(withPricing.body.res.every((c) => c.customPricings.length > 0)).toBe(true);

    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/customer/${id}`, {
      token: sales,
    });
    expect(log.body.entries[0]!.changes).toEqual([
      expect.objectContaining({
        field: 'customPrice',
        subfield: products[1]!.id,
        action: 'remove',
        previousValue: 27.5,
      }),
    ]);
  });

  it('refuses unknown products and bad prices with nothing written', async () => {
    const id = await newCustomer();
    const unknown = await call<{ message: string }>('PUT', `/api/db/customers/updateCustomPricing/${id}`, {
      token: sales,
      body: { productIds: [...ids(0), 'no-such-product'], customPrice: 10 },
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Product not found: no-such-product' } });
    for (const customPrice of [-1, 1.234, '12']) {
      const bad = await call('PUT', `/api/db/customers/updateCustomPricing/${id}`, {
        token: sales,
        body: { productIds: ids(0), customPrice },
      });
      expect(bad.status).toBe(400);
    }
    const missingCustomer = await call('PUT', '/api/db/customers/updateCustomPricing/no-such-customer', {
      token: sales,
      body: { productIds: ids(0), customPrice: 10 },
    });
    expect(missingCustomer.status).toBe(404);
    expect((await pricesOf(id)).size).toBe(0);
  });

  it('copies prices with how they were set, merging into the other customer', async () => {
    const from = await newCustomer();
    const to = await newCustomer();
    await call('PUT', `/api/db/customers/updateCustomPricing/${from}`, {
      token: sales,
      body: { productIds: ids(0, 1), customPrice: 20 },
    });
    await call('PUT', `/api/db/customers/updateCustomPricing/${to}`, {
      token: sales,
      body: { productIds: ids(1, 2), customPrice: 45 },
    });
    const copied = await call('PUT', `/api/db/customers/copyCustomPricing/${from}/to/${to}`, { token: sales });
    expect(copied).toEqual({ status: 200, body: { updated: 2 } });
    const target = await pricesOf(to);
    expect([...target].map(([p, v]) => [p, v.customPrice, v.source, v.referencePrice])).toEqual(
      expect.arrayContaining([
        [products[0]!.id, 20, 'fixed', 30],
        [products[1]!.id, 20, 'fixed', 40],
        [products[2]!.id, 45, 'fixed', 50],
      ]),
    );
    expect((await call('PUT', `/api/db/customers/copyCustomPricing/${from}/to/${from}`, { token: sales })).status).toBe(
      400,
    );
    expect(
      (await call('PUT', `/api/db/customers/copyCustomPricing/no-such-customer/to/${to}`, { token: sales })).status,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/db/customers/copyCustomPricing/${from}/to/no-such-customer`, { token: sales })).status,
    ).toBe(404);
  });

  it('merges the customer’s prices into a brand’s and a type’s products', async () => {
    const id = await newCustomer();
    await call('PUT', `/api/db/customers/updateCustomPricing/${id}`, {
      token: sales,
      body: { productIds: ids(0, 3), customPrice: 22 },
    });
    const byBrand = await call<Product[]>('GET', `/api/db/products/getByBrandID/${brand.id}/${id}/`, { token: sales });
    expect(byBrand.status).toBe(200);
    expect(byBrand.body.map((p) => [p.name, p.customPrice])).toEqual([
      ['Item 0', 22],
      ['Item 1', undefined],
      ['Item 2', undefined],
      ['Item 3', 22],
    ]);
    expect(byBrand.body.every((p) => p.cost === undefined)).toBe(true); // SALES never sees cost
    const byType = await call<Product[]>('GET', `/api/db/products/getByTypeID/${otherTypeId}/${id}`, { token: sales });
    expect(byType.body.map((p) => [p.id, p.customPrice])).toEqual([[products[3]!.id, 22]]);
    const plain = await call<{ res: Product[] }>('GET', `/api/db/products/getByBrandID/${brand.id}`, { token: sales });
    expect(plain.body.res.every((p) => p.customPrice === undefined)).toBe(true);
    expect((await call('GET', `/api/db/products/getByTypeID/no-such-type/${id}`, { token: sales })).status).toBe(404);
    expect(
      (await call('GET', `/api/db/products/getByBrandID/${brand.id}/no-such-customer`, { token: sales })).status,
    ).toBe(404);
  });
});

describe('margins over HTTP', () => {
  const scope = () => ({ type: 'brands' as const, brandIds: [brand.id], typeIds: [typeId] });

  it('applies a margin on base price, and refuses a stale preview with nothing written', async () => {
    const id = await newCustomer();
    const rule = { direction: '+', kind: '%', basis: 'basePrice', value: 10 };
    const stale = await call<{ message: string }>('PUT', `/api/db/customers/setMargin/${id}`, {
      token: sales,
      body: {
        rule,
        scope: scope(),
        prices: [
          { productId: products[0]!.id, customPrice: 33 },
          { productId: products[1]!.id, customPrice: 43.99 },
        ],
      },
    });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: 'Prices changed since the preview. Preview the margin again.' },
    });
    expect((await pricesOf(id)).size).toBe(0);

    const outOfScope = await call('PUT', `/api/db/customers/setMargin/${id}`, {
      token: sales,
      body: { rule, scope: scope(), prices: [{ productId: products[3]!.id, customPrice: 66 }] },
    });
    expect(outOfScope.status).toBe(400);

    const applied = await call('PUT', `/api/db/customers/setMargin/${id}`, {
      token: sales,
      body: {
        rule,
        scope: scope(),
        prices: [
          { productId: products[0]!.id, customPrice: 33 },
          { productId: products[1]!.id, customPrice: 44 },
          { productId: products[2]!.id, customPrice: 55 },
        ],
      },
    });
    expect(applied).toEqual({ status: 200, body: { updated: 3 } });
    expect((await pricesOf(id)).get(products[1]!.id)).toMatchObject({
      customPrice: 44,
      source: 'margin',
      rule,
      referencePrice: 40,
    });
  });

  it('prices on cost for ADMIN only, and never shows SALES the cost behind it', async () => {
    const id = await newCustomer();
    const rule = { direction: '+', kind: '%', basis: 'cost', value: 50 };
    const body = {
      rule,
      scope: scope(),
      prices: [
        { productId: products[0]!.id, customPrice: 18 }, // cost 12
        { productId: products[1]!.id, customPrice: 24 }, // cost 16
      ],
    };
    const refused = await call<{ message: string }>('PUT', `/api/db/customers/setMargin/${id}`, { token: sales, body });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'Cost-based margins are available only to roles that may see costs.' },
    });
    expect((await pricesOf(id)).size).toBe(0);
    const noCost = await call<{ message: string }>('PUT', `/api/db/customers/setMargin/${id}`, {
      token: admin,
      body: { ...body, prices: [{ productId: products[2]!.id, customPrice: 50 }] },
    });
    expect(noCost.status).toBe(400);
    expect(noCost.body.message).toMatch(/^No cost to price from/);

    expect((await call('PUT', `/api/db/customers/setMargin/${id}`, { token: admin, body })).body).toEqual({
      updated: 2,
    });
    expect((await pricesOf(id, admin)).get(products[0]!.id)).toMatchObject({
      customPrice: 18,
      rule,
      referencePrice: 12,
    });

    const seenBySales = [
      JSON.stringify((await call('GET', `/api/db/customers/getCustomPricing/${id}`, { token: sales })).body),
      JSON.stringify((await call('GET', `/api/db/customers/getByID/${id}`, { token: sales })).body),
      JSON.stringify(
        (
          await call<{ res: CustomerWithPricing[] }>('GET', '/api/db/customers/getAllWithCustomPricing', {
            token: sales,
          })
        ).body.res.find((c) => c.id === id),
      ),
      JSON.stringify((await call('GET', `/api/db/changelog/getAll/customer/${id}`, { token: sales })).body),
      JSON.stringify((await call('GET', `/api/db/products/getByBrandID/${brand.id}/${id}`, { token: sales })).body),
    ];
    const salesPrice = (await pricesOf(id)).get(products[0]!.id)!;
    expect(salesPrice).toEqual({
      productId: products[0]!.id,
      customPrice: 18,
      source: 'margin',
      rule: { direction: '+', kind: '%', basis: 'cost' },
      dateUpdated: expect.any(String),
    });
    for (const text of seenBySales) expect(text).not.toMatch(/referencePrice|"value":|"cost":|"productCost":/);
  });
});

describe('refreshing prices over HTTP', () => {
  it('proposes the formula’s prices after a base price change; applying (both body forms) clears them', async () => {
    const id = await newCustomer(`Refresh ${unique()}`);
    await call('PUT', `/api/db/customers/updateCustomPricing/${id}`, {
      token: sales,
      body: { productIds: ids(0, 1), customPrice: 25 },
    });
    const margin = await call('PUT', `/api/db/customers/setMargin/${id}`, {
      token: sales,
      body: {
        rule: { direction: '-', kind: '$', basis: 'basePrice', value: 5 },
        scope: { type: 'types', typeIds: [otherTypeId] },
        prices: [{ productId: products[3]!.id, customPrice: 55 }],
      },
    });
    expect(margin.status).toBe(200);
    const none = await call<CustomerPricingUpdates>('GET', `/api/db/customers/reRunPricing/${id}`, { token: sales });
    expect(none.body).toMatchObject({ pricedCount: 3, personalizedPricingList: [] });

    // The catalogue changes: base prices of items 0, 1 and 3 go up.
    for (const [i, basePrice] of [
      [0, 32.5],
      [1, 41],
      [3, 64],
    ] as const) {
      const updated = await call('PUT', `/api/db/products/update/${products[i]!.id}`, {
        token: admin,
        body: { basePrice },
      });
      expect(updated.status).toBe(200);
    }
    const pending = await call<CustomerPricingUpdates>('GET', `/api/db/customers/reRunPricing/${id}/`, {
      token: sales,
    });
    expect(pending.status).toBe(200);
    const list = pending.body.personalizedPricingList;
    expect(list.map((u) => [u.productId, u.currentPrice, u.newCustomPrice, u.source, u.priceCustomized])).toEqual([
      [products[0]!.id, 25, 27.5, 'fixed', true], // 25 + (32.50 − 30)
      [products[1]!.id, 25, 26, 'fixed', true], // 25 + (41 − 40)
      [products[3]!.id, 55, 59, 'margin', true], // 64 − $5
    ]);
    expect(list[0]).toMatchObject({
      productData: { id: products[0]!.id, name: 'Item 0', brand: { name: brand.name }, basePrice: 32.5 },
      priceHistory: [{ price: 25, date: list[0]!.dateUpdated }],
    });

    // The all-customers refresh, computed now and stored.
    const all = await call<AllPricingUpdates>('GET', '/api/db/customers/reRunPricing?refresh=true', { token: sales });
    expect(all.status).toBe(200);
    expect(all.body.generatedAt).toEqual(expect.any(String));
    expect(all.body.customers.find((c) => c.customerId === id)?.personalizedPricingList).toHaveLength(3);
    const counts = all.body.customers.map((c) => c.personalizedPricingList.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(all.body.customers.every((c) => c.personalizedPricingList.length > 0)).toBe(true);

    // Single-customer screen: pricing entries as reRunPricing returned them.
    const unpriced = await call<{ message: string }>('PUT', `/api/db/customers/updateBulkCustomPricing/${id}`, {
      token: sales,
      body: [{ productId: products[2]!.id, newCustomPrice: 10 }],
    });
    expect(unpriced).toMatchObject({ status: 400 });
    expect(unpriced.body.message).toContain(products[2]!.id);
    const first = await call('PUT', `/api/db/customers/updateBulkCustomPricing/${id}`, {
      token: sales,
      body: list.slice(0, 1),
    });
    expect(first).toEqual({ status: 200, body: { updated: 1 } });
    // All-customers screen: productId + newCustomPrice items.
    const rest = await call('PUT', `/api/db/customers/updateBulkCustomPricing/${id}`, {
      token: sales,
      body: list.slice(1).map((u) => ({ productId: u.productId, newCustomPrice: u.newCustomPrice })),
    });
    expect(rest).toEqual({ status: 200, body: { updated: 2 } });

    const cleared = await call<CustomerPricingUpdates>('GET', `/api/db/customers/reRunPricing/${id}`, { token: sales });
    expect(cleared.body.personalizedPricingList).toEqual([]);
    const stored = await call<AllPricingUpdates>('GET', '/api/db/customers/reRunPricing', { token: sales });
    expect(stored.body.generatedAt).toEqual(expect.any(String));
    expect(stored.body.customers.find((c) => c.customerId === id)).toBeUndefined();
    const prices = await pricesOf(id);
    expect(prices.get(products[0]!.id)).toMatchObject({ customPrice: 27.5, source: 'fixed', referencePrice: 32.5 });
    expect(prices.get(products[3]!.id)).toMatchObject({ customPrice: 59, source: 'margin', referencePrice: 64 });

    // The history grows: the next change shows both prices, newest first.
    await call('PUT', `/api/db/products/update/${products[0]!.id}`, { token: admin, body: { basePrice: 33.5 } });
    const next = await call<CustomerPricingUpdates>('GET', `/api/db/customers/reRunPricing/${id}`, { token: sales });
    const item = next.body.personalizedPricingList.find((u) => u.productId === products[0]!.id)!;
    expect(item).toMatchObject({ currentPrice: 27.5, newCustomPrice: 28.5 });
    expect(item.priceHistory.map((h) => h.price)).toEqual([27.5, 25]);
  });
});
