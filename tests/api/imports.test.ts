import { beforeAll, describe, expect, it } from 'vitest';
import type { Brand, ChangeLogEntry, Customer, CustomPrice, ImportJob, Product } from '@bo/shared';
import { call, tokenFor } from '../support/stack';
import { commitImport, csv, dryRun, uploadImport, waitForImport } from '../support/imports';

/**
 * Imports over HTTP (issue 24, section 1) on the local stack: the job runs on the table's stream, as in AWS.
 * Roles per kind, bad files and rows with the spec's messages, the dry run writing nothing, the commit writing
 * exactly it with change-log entries naming the import, and a second run of the same file changing nothing.
 */

const tag = Math.random().toString(36).slice(2, 8);
let admin: string;
let purchasing: string;
let sales: string;
let inventory: string;

beforeAll(async () => {
  [admin, purchasing, sales, inventory] = await Promise.all([
    tokenFor('ADMIN'),
    tokenFor('PURCHASING'),
    tokenFor('SALES'),
    tokenFor('INVENTORY'),
  ]);
});

const brandsNamed = async (name: string) =>
  (await call<{ res: Brand[] }>('GET', '/api/db/brands/getAll', { token: purchasing })).body.res.filter(
    (b) => b.name === name,
  );

const BRAND_HEADER = [
  'Brand name',
  'SKU code',
  'Rep name',
  'Rep phone',
  'Rep email',
  'Website',
  'Exclude from reporting',
];

describe('who imports what', () => {
  it('lets PURCHASING import the catalogue and SALES customers and prices, and refuses the rest', async () => {
    const ask = (token: string, kind: string) =>
      call('POST', '/api/db/imports/new', { token, body: { kind, fileName: 'x.csv', size: 10 } });
    expect((await ask(purchasing, 'products')).status).toBe(200);
    expect((await ask(sales, 'customPrices')).status).toBe(200);
    expect((await ask(admin, 'customers')).status).toBe(200);
    const refused = await ask(sales, 'products');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role cannot import products');
    expect((await ask(purchasing, 'customers')).status).toBe(403);
    expect((await ask(inventory, 'brands')).status).toBe(403);
  });

  it('keeps an import from callers who may not import its kind', async () => {
    const id = await uploadImport(purchasing, 'brands', csv([BRAND_HEADER, [`Hidden ${tag}`]]));
    expect((await call('GET', `/api/db/imports/getById/${id}`, { token: sales })).status).toBe(403);
    expect((await call('POST', `/api/db/imports/commit/${id}`, { token: sales, body: {} })).status).toBe(403);
    const listed = await call<ImportJob[]>('GET', '/api/db/imports/getAll', { token: sales });
    expect(listed.body.some((j) => j.id === id)).toBe(false);
    const mine = await call<ImportJob[]>('GET', '/api/db/imports/getAll', { token: purchasing });
    expect(mine.body.some((j) => j.id === id)).toBe(true);
  });
});

describe('bad files', () => {
  const ask = (body: Record<string, unknown>) => call('POST', '/api/db/imports/new', { token: admin, body });

  it('refuses what is not a spreadsheet by name, an old .xls and a 50 MB file before anything is uploaded', async () => {
    expect((await ask({ kind: 'brands', fileName: 'brands.pdf' })).body.message).toMatch(/\.xlsx or \.csv/);
    expect((await ask({ kind: 'brands', fileName: 'brands.xls' })).body.message).toMatch(/old Excel file/);
    const big = await ask({ kind: 'brands', fileName: 'brands.xlsx', size: 50 * 1024 * 1024 });
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/at most 10 MB; this file is 50 MB/);
    expect((await ask({ kind: 'stock', fileName: 'a.csv' })).body.message).toMatch(/Kind must be one of/);
  });

  it('fails a file that is not a spreadsheet inside, and one with the wrong columns, with a message', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notSheet = await dryRun(admin, 'brands', png);
    expect(notSheet.status).toBe('FAILED');
    expect(notSheet.message).toMatch(/not a spreadsheet/);
    const wrong = await dryRun(
      admin,
      'brands',
      csv([
        ['Name', 'Colour'],
        ['x', 'y'],
      ]),
    );
    expect(wrong.status).toBe('FAILED');
    expect(wrong.message).toMatch(/column/);
    const commit = await call('POST', `/api/db/imports/commit/${wrong.id}`, { token: admin, body: {} });
    expect(commit.status).toBe(409);
  });

  it('answers 409 to a commit before the dry run, and to dryRun before the file arrived', async () => {
    const started = await call<{ id: string }>('POST', '/api/db/imports/new', {
      token: admin,
      body: { kind: 'brands', fileName: 'later.csv' },
    });
    const early = await call('POST', `/api/db/imports/dryRun/${started.body.id}`, { token: admin, body: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not arrived/);
    const commit = await call('POST', `/api/db/imports/commit/${started.body.id}`, { token: admin, body: {} });
    expect(commit.status).toBe(409);
    expect(commit.body.message).toBe('Only an import whose dry run is shown can be committed');
  });
});

describe('brands, then products, from files', () => {
  const brandA = `Import Farms ${tag}`;
  const brandB = `Second Grove ${tag}`;
  const typeName = `Import type ${tag}`;

  it('plans brands without writing, commits exactly the plan, and names the import in the change log', async () => {
    const file = csv([
      BRAND_HEADER,
      [brandA, `I${tag.slice(0, 4)}`, 'Dana', '555-0100', 'dana@example.com', '', 'no'],
      [brandB, '', '', '', 'not-an-email', '', ''],
      [brandB.toUpperCase(), '', '', '', '', '', ''],
      ['', 'X', '', '', '', '', ''],
    ]);
    const job = await dryRun(purchasing, 'brands', file, `brands ${tag}.csv`);
    expect(job.status).toBe('PLANNED');
    expect(job.counts).toEqual({ create: 1, update: 0, unchanged: 0, refuse: 3 });
    const byRow = new Map(job.rows!.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ action: 'create', label: brandA });
    expect(byRow.get(3)!.issues![0]!.message).toMatch(/email/i);
    expect(byRow.get(4)!.issues![0]!.message).toMatch(/also on row 3/);
    expect(byRow.get(5)!.issues![0]!.message).toBe('Brand name is required');
    expect((await brandsNamed(brandA)).length).toBe(0);

    const done = await commitImport(purchasing, job.id);
    expect(done).toMatchObject({ status: 'DONE', committed: { created: 1, updated: 0, failed: 0 } });
    expect(done.progress).toEqual({ done: 1, total: 1 });
    const [created] = await brandsNamed(brandA);
    expect(created).toMatchObject({ brandRepName: 'Dana', brandRepEmail: 'dana@example.com' });
    expect(await brandsNamed(brandB)).toEqual([]);
    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/brand/${created!.id}`, {
      token: admin,
    });
    expect(log.body.entries[0]?.notes).toBe(`Import brands ${tag}.csv (${job.id})`);

    // The same file again: the brand is there, so nothing is created, and commit writes nothing.
    const again = await dryRun(purchasing, 'brands', file);
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 1 });
    expect((await commitImport(purchasing, again.id)).committed).toEqual({ created: 0, updated: 0, failed: 0 });
    expect(await brandsNamed(brandA)).toHaveLength(1);
  });

  it('imports products by brand and type names, refusing unknown names and duplicate SKUs, and updates by SKU', async () => {
    const types = await dryRun(purchasing, 'productTypes', csv([['Type name'], [typeName]]));
    await commitImport(purchasing, types.id);
    const header = ['SKU', 'Product name', 'Brand', 'Type', 'Status', 'Base price', 'Cost', 'Stock'];
    const first = await dryRun(
      purchasing,
      'products',
      csv([
        header,
        ['', `Imported one ${tag}`, brandA, typeName, 'ACTIVE', '25.00', '12.50', '40'],
        ['', `Imported two ${tag}`, brandA, typeName, '', '1.234,50', '', ''],
        ['', `Nobody's ${tag}`, `No such brand ${tag}`, typeName, '', '10', '', ''],
        ['', `Bad status ${tag}`, brandA, typeName, 'SOLD', '10', '', ''],
      ]),
    );
    expect(first.counts, JSON.stringify(first.rows)).toEqual({ create: 2, update: 0, unchanged: 0, refuse: 2 });
    expect(first.rows![2]!.issues![0]!.message).toMatch(/No brand is named/);
    expect(first.rows![3]!.issues![0]!.message).toMatch(/Status/);
    const done = await commitImport(purchasing, first.id);
    expect(done.committed).toEqual({ created: 2, updated: 0, failed: 0 });

    const products = (await call<Product[]>('GET', '/api/db/products/getAll', { token: purchasing })).body.filter(
      (p) => p.name.endsWith(tag) && p.brand.name === brandA,
    );
    expect(products.map((p) => p.name).sort()).toEqual([`Imported one ${tag}`, `Imported two ${tag}`]);
    const one = products.find((p) => p.name === `Imported one ${tag}`)!;
    expect(one).toMatchObject({ basePrice: 25, cost: 12.5, stock: 40, status: 'ACTIVE' });
    expect(products.find((p) => p.name === `Imported two ${tag}`)!.basePrice).toBe(1234.5);

    // By SKU: a changed price is an update, a SKU twice in the file is refused, a SKU the catalogue lacks is a
    // product moving in with its own SKU.
    const second = await dryRun(
      purchasing,
      'products',
      csv([
        header,
        [one.sku, one.name, brandA, typeName, 'ACTIVE', '27.00', '12.50', '40'],
        [one.sku, one.name, brandA, typeName, 'ACTIVE', '28.00', '12.50', '40'],
        [`NOPE-${tag}`, 'Ghost', brandA, typeName, '', '5', '', ''],
      ]),
    );
    expect(second.rows!.map((r) => r.action)).toEqual(['update', 'refuse', 'create']);
    expect(second.rows![0]!.changed).toEqual(['basePrice']);
    expect(second.rows![1]!.issues![0]!.message).toMatch(/also on row 2/);
    await commitImport(purchasing, second.id);
    const updated = await call<Product>('GET', `/api/db/products/getByID/${one.id}`, { token: purchasing });
    expect(updated.body.basePrice).toBe(27);
    const all = (await call<Product[]>('GET', '/api/db/products/getAll', { token: purchasing })).body;
    expect(all.find((p) => p.sku === `NOPE-${tag}`)).toMatchObject({ name: 'Ghost', basePrice: 5 });

    // Pages of the dry run: one row at a time, and only one action.
    const page = await waitForImport(purchasing, second.id, () => true, '?limit=1&cursor=1');
    expect(page.rows!.map((r) => r.row)).toEqual([3]);
    expect(page.nextCursor).toBe(2);
    const refused = await waitForImport(purchasing, second.id, () => true, '?action=refuse');
    expect(refused.rows!.map((r) => r.row)).toEqual([3]);
  });
});

describe('customers and their prices', () => {
  it('creates customers, then sets their prices by customer name and SKU, and a second run changes nothing', async () => {
    const name = `Import Buyer ${tag}`;
    const customers = await dryRun(
      sales,
      'customers',
      csv([
        ['Customer name', 'Contact email', 'Customer type', 'Price adjustment (%)'],
        [name, 'buyer@example.com', 'RETAIL', '0'],
        [`Wrong type ${tag}`, '', 'MARTIAN', ''],
      ]),
    );
    expect(customers.counts).toMatchObject({ create: 1, refuse: 1 });
    await commitImport(sales, customers.id);
    const customer = (await call<Customer[]>('GET', '/api/db/customers/getAll', { token: sales })).body.find(
      (c) => c.customerName === name,
    )!;
    expect(customer.contactEmail).toBe('buyer@example.com');

    const product = (await call<Product[]>('GET', '/api/db/products/getAll', { token: sales })).body.find(
      (p) => p.status === 'ACTIVE',
    )!;
    const prices = csv([
      ['Customer name', 'SKU', 'Custom price'],
      [name, product.sku, '9.99'],
      [`Nobody ${tag}`, product.sku, '5'],
      [name, `NONE-${tag}`, '5'],
    ]);
    const plan = await dryRun(sales, 'customPrices', prices);
    expect(plan.counts).toEqual({ create: 1, update: 0, unchanged: 0, refuse: 2 });
    expect(plan.rows![1]!.issues![0]!.message).toBe(`No customer is named Nobody ${tag}`);
    await commitImport(sales, plan.id);
    const set = await call<CustomPrice[]>('GET', `/api/db/customers/getCustomPricing/${customer.id}`, { token: sales });
    expect(set.status).toBe(200);
    expect(set.body.find((p) => p.productId === product.id)?.customPrice).toBe(9.99);

    const again = await dryRun(sales, 'customPrices', prices);
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 1 });
  });
});
