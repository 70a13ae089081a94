import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomPrice, Customer, ImportKind } from '@bo/shared';
import { fromRoot } from '../../infra/local/src/paths';
import { commitImport, dryRun } from '../support/imports';
import { call, tokenFor } from '../support/stack';

/**
 * The demo import files (infra/local/demo-imports, issue 24) on the demo stack, in the order their README gives:
 * each dry run shows what the README says, commits write it, and a second dry run of a file changes nothing.
 */

let admin: string;
beforeAll(async () => {
  admin = await tokenFor('ADMIN');
});

const file = (name: string) => readFileSync(fromRoot(`infra/local/demo-imports/${name}`));

async function importDemo(kind: ImportKind, name: string) {
  const planned = await dryRun(admin, kind, file(name), name);
  expect(planned.status, planned.message).toBe('PLANNED');
  const done = await commitImport(admin, planned.id);
  expect(done.status).toBe('DONE');
  expect(done.committed?.failed, JSON.stringify(done.failures)).toBe(0);
  return planned;
}

describe('demo import files', () => {
  it('import in order, with the refusals the mistakes file carries, and a second run changes nothing', async () => {
    const types = await importDemo('productTypes', 'product-types.csv');
    expect(types.counts).toEqual({ create: 2, update: 0, unchanged: 1, refuse: 0 });

    const brands = await importDemo('brands', 'brands.csv');
    expect(brands.counts.create).toBe(3);
    expect(brands.counts.refuse).toBe(0);

    const products = await importDemo('products', 'products-with-mistakes.csv');
    expect(products.counts).toEqual({ create: 4, update: 0, unchanged: 0, refuse: 2 });
    const refused = products.rows!.filter((r) => r.action === 'refuse');
    expect(refused.map((r) => r.issues![0]!.message)).toEqual([
      expect.stringMatching(/^No brand is named No Such Brand/),
      expect.stringMatching(/^Status must be one of/),
    ]);
    expect(products.rows!.find((r) => r.label === 'Midnight Kush 7 g')?.body).toMatchObject({
      cost: 19.5,
      basePrice: 42,
    });

    const customers = await importDemo('customers', 'customers.csv');
    expect(customers.counts).toEqual({ create: 3, update: 0, unchanged: 0, refuse: 0 });

    const prices = await importDemo('customPrices', 'custom-prices.csv');
    expect(prices.counts.refuse).toBe(0);
    const greenLeaf = (await call<Customer[]>('GET', '/api/db/customers/getAll', { token: admin })).body.find(
      (c) => c.customerName === 'Green Leaf Dispensary',
    )!;
    const set = await call<CustomPrice[]>('GET', `/api/db/customers/getCustomPricing/${greenLeaf.id}`, {
      token: await tokenFor('SALES'),
    });
    expect(set.body.map((p) => p.customPrice)).toEqual(expect.arrayContaining([21.5, 3.75, 29]));

    for (const [kind, name] of [
      ['productTypes', 'product-types.csv'],
      ['brands', 'brands.csv'],
      ['customers', 'customers.csv'],
      ['customPrices', 'custom-prices.csv'],
    ] as const) {
      const again = await dryRun(admin, kind, file(name), name);
      expect(again.counts.create + again.counts.update, name).toBe(0);
    }
    const productsAgain = await dryRun(admin, 'products', file('products-with-mistakes.csv'));
    expect(productsAgain.counts).toEqual({ create: 0, update: 0, unchanged: 4, refuse: 2 });
  }, 180_000);
});
