import type { Brand, ChangeLogEntry, Customer, Product } from '@bo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/**
 * The probe's cases of issue 11 section 4 (each a 500 before), against real records: numbers DynamoDB cannot
 * store, reversed ranges, a garbage cursor and oversized user ids are each a 400 with a message, and nothing
 * is written.
 */

const unique = () => Math.random().toString(36).slice(2, 8);
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

interface Refusal {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

let admin = '';
let customer: Customer;
let product: Product;
let brand: Brand;
let typeId = '';

beforeAll(async () => {
  admin = await tokenFor('ADMIN');
  const made = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: admin,
    body: { customerName: `Probe ${unique()}` },
  });
  expect(made.status).toBe(200);
  customer = made.body;
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: admin,
    body: { name: `Probe type ${unique()}` },
  });
  typeId = type.body.id;
  const madeBrand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: admin,
    body: { name: `Probe ${unique()}` },
  });
  brand = madeBrand.body;
  const madeProduct = await call<Product>('POST', '/api/db/products/addNew', {
    token: admin,
    body: { name: 'Probe flower', brandID: brand.id, typeID: typeId, basePrice: 30, weight: 3.5 },
  });
  expect(madeProduct.status).toBe(200);
  product = madeProduct.body;
});

const expect400 = (result: { status: number; body: Refusal }, message: string | RegExp) => {
  expect(result.status).toBe(400);
  if (typeof message === 'string') expect(result.body.message).toBe(message);
  else expect(result.body.message).toMatch(message);
};

describe('numbers DynamoDB cannot store', () => {
  it('creditAvailable 1e-131 on customers/update → 400, the credit unchanged', async () => {
    const result = await call<Refusal>('PUT', `/api/db/customers/update/${customer.id}`, {
      token: admin,
      rawBody: '{"creditAvailable": 1e-131}',
    });
    expect400(result, 'At most two decimals (body.creditAvailable)');
    const after = await call<Customer>('GET', `/api/db/customers/getByID/${customer.id}`, { token: admin });
    expect(after.body.creditAvailable).toBe(0);
  });

  it('basePrice 1e-131 on products/addNew and products/update → 400, the price unchanged', async () => {
    const created = await call<Refusal>('POST', '/api/db/products/addNew', {
      token: admin,
      rawBody: JSON.stringify({ name: 'Tiny', brandID: brand.id, typeID: typeId }).replace('}', ',"basePrice":1e-131}'),
    });
    expect400(created, 'At most two decimals (body.basePrice)');
    const updated = await call<Refusal>('PUT', `/api/db/products/update/${product.id}`, {
      token: admin,
      rawBody: '{"basePrice": 1e-131}',
    });
    expect400(updated, 'At most two decimals (body.basePrice)');
    const after = await call<Product>('GET', `/api/db/products/getByID/${product.id}`, { token: admin });
    expect(after.body.basePrice).toBe(30);
  });

  it('a product weight of 1e-131 grams and a weight stock limit at 1e-131 → 400', async () => {
    const updated = await call<Refusal>('PUT', `/api/db/products/update/${product.id}`, {
      token: admin,
      rawBody: '{"weight": 1e-131}',
    });
    expect400(updated, 'At most 3 decimals (body.weight)');
    const limit = await call<Refusal>('POST', `/api/db/brands/updateStockLimits/${brand.id}/${typeId}/1e-131`, {
      token: admin,
      body: { maxStock: 10 },
    });
    expect400(limit, 'At most 3 decimals (path.weight)');
  });

  it('a custom price and a price adjustment of 1e-131 → 400', async () => {
    const price = await call<Refusal>('PUT', `/api/db/customers/updateCustomPricing/${customer.id}`, {
      token: admin,
      rawBody: `{"productIds": ["${product.id}"], "customPrice": 1e-131}`,
    });
    expect400(price, 'At most two decimals (body.customPrice)');
    const adjustment = await call<Refusal>('PUT', `/api/db/customers/update/${customer.id}`, {
      token: admin,
      rawBody: '{"priceAdjustment": 1e-131}',
    });
    expect400(adjustment, 'At most 4 decimals (body.priceAdjustment)');
  });

  it.each([
    ['1e126', 'Must be at most 1,000,000'],
    ['9007199254740993', 'Must be at most 1,000,000'],
    ['1e-131', 'At most 3 decimals'],
  ])('saveFilter with a filter weight of %s → 400 naming the weight', async (weight, message) => {
    const result = await call<Refusal>('POST', '/api/db/preferences/saveFilter', {
      token: admin,
      rawBody: `{"userId": "${subOf(admin)}", "filterData": {"filterName": "Probe", "filters": {"weights": [${weight}]}}}`,
    });
    expect400(result, `${message} (body.filterData.filters.weights.0)`);
  });
});

describe('oversized user ids in saveFilter', () => {
  it.each([
    ['1 MB', 1_000_000],
    ['3,000 characters (a misleading 409 before)', 3000],
  ])('%s → 400 naming userId', async (_label, length) => {
    const result = await call<Refusal>('POST', '/api/db/preferences/saveFilter', {
      token: admin,
      body: { userId: 'u'.repeat(length), filterData: { filterName: 'Probe', filters: {} } },
    });
    expect400(result, 'A user id is at most 128 characters (body.userId)');
  });
});

describe('reversed ranges', () => {
  it.each([
    ['orders/getByCustomer', (id: string) => `/api/db/orders/getByCustomer/${id}`],
    ['customers/getAllOrders', (id: string) => `/api/db/customers/getAllOrders/${id}`],
  ])('%s with from after to → 400; the same range the right way round → 200', async (_name, pathOf) => {
    const reversed = await call<Refusal>('GET', `${pathOf(customer.id)}?from=2026-03-01&to=2026-02-01`, {
      token: admin,
    });
    expect400(reversed, 'from must not be after to (query.from)');
    const ordered = await call('GET', `${pathOf(customer.id)}?from=2026-02-01&to=2026-03-01`, { token: admin });
    expect(ordered.status).toBe(200);
  });
});

describe('change-log cursors', () => {
  it('?cursor=abc → 400 Invalid cursor; a real cursor still pages', async () => {
    const path = `/api/db/changelog/getAll/product/${product.id}`;
    const garbage = await call<Refusal>('GET', `${path}?cursor=abc`, { token: admin });
    expect400(garbage, 'Invalid cursor');
    for (const price of [31, 32]) {
      const saved = await call('PUT', `/api/db/products/update/${product.id}`, {
        token: admin,
        body: { basePrice: price },
      });
      expect(saved.status).toBe(200);
    }
    const first = await call<{ entries: ChangeLogEntry[]; cursor: string | null }>('GET', `${path}?limit=1`, {
      token: admin,
    });
    expect(first.body.cursor).toEqual(expect.any(String));
    const next = await call<{ entries: ChangeLogEntry[] }>(
      'GET',
      `${path}?limit=1&cursor=${encodeURIComponent(first.body.cursor!)}`,
      { token: admin },
    );
    expect(next.status).toBe(200);
    expect(next.body.entries[0]?.id).not.toBe(first.body.entries[0]?.id);
    // A cursor of one record's history does not page another's.
    const elsewhere = await call<Refusal>(
      'GET',
      `/api/db/changelog/getAll/customer/${customer.id}?cursor=${encodeURIComponent(first.body.cursor!)}`,
      { token: admin },
    );
    expect400(elsewhere, 'Invalid cursor');
  });
});
