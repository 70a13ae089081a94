import { expect } from 'vitest';
import type { Brand, Customer, Order, Product } from '@bo/shared';
import type { Locator, Page } from 'playwright-core';
import { call, tokenFor } from '../support/stack';

/**
 * What the sales-order browser test works on, made through the API (fast and deterministic): a type, a
 * brand, two batch-tracked products and a customer, all named with `tag` so they are unique per run.
 *
 * - `gummies` has two checked-in batches: 5 units received 2026-01-05 (oldest: auto mode takes it first)
 *   and 20 units received 2026-03-01.
 * - `tincture` has two checked-in batches: 10 units received 2026-02-01 and 8 units received 2026-02-15;
 *   the test picks them by hand (Manual mode).
 */
export interface OrderFixture {
  customer: Customer;
  brand: Brand;
  gummies: Product;
  tincture: Product;
  batches: { oldA: string; newA: string; firstB: string; secondB: string };
}

export const BATCH = { oldA: 'GUM-OLD', newA: 'GUM-NEW', firstB: 'TIN-1', secondB: 'TIN-2' } as const;

export async function prepareOrderFixture(tag: string): Promise<OrderFixture> {
  const [inventory, sales] = await Promise.all([tokenFor('INVENTORY'), tokenFor('SALES')]);
  const type = await call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
    token: inventory,
    body: { name: `Edible ${tag}` },
  });
  expect(type.status, JSON.stringify(type.body)).toBe(200);
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token: inventory,
    body: { name: `Orchard ${tag}`, skucode: `R${tag.slice(-4)}` },
  });
  expect(brand.status, JSON.stringify(brand.body)).toBe(200);

  const product = async (name: string, basePrice: number) => {
    const created = await call<Product>('POST', '/api/db/products/addNew', {
      token: inventory,
      body: { name, brandID: brand.body.id, typeID: type.body.id, basePrice, cost: 6, stock: 100 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body;
  };
  const batch = async (productId: string, batchNumber: string, quantity: number, receivedOn: string) => {
    const res = await call<{ id: string }>('POST', `/api/db/products/addBatch/${productId}`, {
      token: inventory,
      body: { batchNumber, receivedOn, isCheckedIn: true, initialQuantity: quantity },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id;
  };

  const gummies = await product(`Peach Gummies ${tag}`, 20);
  const tincture = await product(`Calm Tincture ${tag}`, 12.5);
  // The newer batch first: the allocation must order by date, not by creation.
  const newA = await batch(gummies.id, BATCH.newA, 20, '2026-03-01');
  const oldA = await batch(gummies.id, BATCH.oldA, 5, '2026-01-05');
  const firstB = await batch(tincture.id, BATCH.firstB, 10, '2026-02-01');
  const secondB = await batch(tincture.id, BATCH.secondB, 8, '2026-02-15');

  const customer = await call<Customer>('POST', '/api/db/customers/addNew', {
    token: sales,
    body: { customerName: `Harvest Market ${tag}`, orderType: 'PICKUP' },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  return { customer: customer.body, brand: brand.body, gummies, tincture, batches: { oldA, newA, firstB, secondB } };
}

export const productById = async (id: string) =>
  (await call<Product>('GET', `/api/db/products/getByID/${id}`, { token: await tokenFor('SALES') })).body;

/** The order as `{ status, body }`, its body unwrapped from the route's `res`. */
export const orderByNumber = async (orderNum: string) => {
  const read = await call<{ res: Order }>('GET', `/api/db/orders/getByID/${encodeURIComponent(orderNum)}`, {
    token: await tokenFor('SALES'),
  });
  return { ...read, body: read.body?.res as Order };
};

export const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the element's whole text is `text` (playwright-core has no auto-retrying expect). */
export async function waitForText(locator: Locator, text: string | RegExp) {
  const pattern = typeof text === 'string' ? new RegExp(`^\\s*${esc(text)}\\s*$`) : text;
  await locator.filter({ hasText: pattern }).first().waitFor();
}

/** Chooses an option of a Cloudscape Select opened by `trigger` (filtering by `search` when it has a filter box). */
export async function choose(page: Page, trigger: Locator, option: string | RegExp, search?: string) {
  await trigger.click();
  if (search !== undefined) await page.getByPlaceholder('Search customers').fill(search);
  await page
    .getByRole('option', { name: option, ...(typeof option === 'string' ? { exact: true } : {}) })
    .first()
    .click();
}
