import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Brand,
  type Customer,
  type CustomPrice,
  exportRows,
  type ExportRecord,
  type ImportKind,
  newImportBody,
  type Product,
  productExportRecord,
} from '@bo/shared';
import {
  type Actor,
  imports,
  listBrands,
  listCustomers,
  listCustomPrices,
  listProducts,
  listProductTypes,
  storage,
} from '@bo/functions/data';
import { runImport } from '../../events/src/imports/run';
import { useFreshTable } from '../../functions/test/support/env';
import { call, tokenFor } from '../support/stack';
import { csv } from '../support/imports';

/**
 * The round trip of issue 24, section 2, on the demo data: everything importable is exported from the demo stack
 * over HTTP in the import format (as the list pages export it), imported into an empty table by the import job, and
 * exported again from there: the two exports are equal, record for record. SKUs come along (a product moving in
 * keeps its SKU), so custom prices find their products by SKU.
 */

const ORDER: readonly ImportKind[] = ['productTypes', 'brands', 'products', 'customers', 'customPrices'];
const admin: Actor = { userId: 'round-trip', roles: ['ADMIN'], isAdmin: true, name: 'Round Trip' };
const FAR = () => Date.now() + 600_000;

type Exported = Record<ImportKind, string[][]>;

/** Rows sorted past the header, so the two sides compare whatever order their lists come in. */
const sorted = (rows: string[][]) => [
  rows[0]!,
  ...rows.slice(1).sort((a, b) => a.join('\t').localeCompare(b.join('\t'))),
];

const exportAll = (records: Record<ImportKind, ExportRecord[]>): Exported =>
  Object.fromEntries(ORDER.map((kind) => [kind, sorted(exportRows(kind, records[kind]))])) as Exported;

/** Prices by customer name and SKU, from each customer's custom prices. */
const priceRecords = (
  customers: readonly Customer[],
  products: readonly Product[],
  pricesOf: (customer: Customer) => CustomPrice[],
): ExportRecord[] => {
  const skuOf = new Map(products.map((p) => [p.id, p.sku]));
  return customers.flatMap((c) =>
    pricesOf(c).map((p) => ({ customer: c.customerName, sku: skuOf.get(p.productId), customPrice: p.customPrice })),
  );
};

let demo: Exported;

beforeAll(async () => {
  const token = await tokenFor('ADMIN');
  const get = async <T>(path: string) => {
    const res = await call<T>('GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const [brands, types, products, customers] = await Promise.all([
    get<{ res: Brand[] }>('/api/db/brands/getAll'),
    get<Array<{ name: string }>>('/api/db/products/getProductTypes'),
    get<Product[]>('/api/db/products/getAll'),
    get<Customer[]>('/api/db/customers/getAll'),
  ]);
  const prices = new Map<string, CustomPrice[]>();
  for (const c of customers) prices.set(c.id, await get<CustomPrice[]>(`/api/db/customers/getCustomPricing/${c.id}`));
  // Other test files write to the same stack meanwhile: the snapshot keeps what its own lists can reference (a
  // product whose brand was made after the brands were read would be refused by the import, rightly).
  const brandNames = new Set(brands.res.map((b) => b.name));
  const typeNames = new Set(types.map((t) => t.name));
  const listed = products.filter((p) => brandNames.has(p.brand.name) && typeNames.has(p.type.name));
  demo = exportAll({
    brands: brands.res,
    productTypes: types,
    products: listed.map(productExportRecord),
    customers,
    customPrices: priceRecords(customers, listed, (c) => prices.get(c.id) ?? []).filter((r) => r.sku !== undefined),
  });
}, 120_000);

describe('export the demo stack, import it into an empty one', () => {
  it('gives back every record equal, through the import job', async () => {
    expect(demo.products.length).toBeGreaterThan(10);
    expect(demo.customPrices.length).toBeGreaterThan(10);
    await useFreshTable();
    for (const kind of ORDER) {
      const file = csv(demo[kind]);
      const body = newImportBody.parse({ kind, fileName: `demo-${kind}.csv`, size: file.byteLength });
      const item = await imports.createImport(body, admin);
      await storage.writeFile('documents', imports.importFileName(item.importId, 'csv'), file, 'text/csv');
      await imports.markReading(item.importId);
      await runImport(item.importId, FAR());
      const planned = (await imports.getImportItem(item.importId, true))!;
      const refused = (await imports.readPlan(item.importId)).filter((r) => r.action === 'refuse');
      expect(refused, `${kind}: ${JSON.stringify(refused.slice(0, 3))}`).toEqual([]);
      expect(planned.counts.create).toBe(demo[kind].length - 1);
      await runImport((await imports.startCommit(planned, admin)).importId, FAR());
      const done = (await imports.getImportItem(item.importId, true))!;
      expect(done, kind).toMatchObject({ status: 'DONE', failed: 0, created: demo[kind].length - 1 });
    }

    const [brands, types, products, customers] = await Promise.all([
      listBrands(),
      listProductTypes(),
      listProducts(),
      listCustomers(),
    ]);
    const prices = new Map<string, CustomPrice[]>();
    for (const c of customers) prices.set(c.id, await listCustomPrices(c.id));
    const moved = exportAll({
      brands,
      productTypes: types,
      products: products.map(productExportRecord),
      customers,
      customPrices: priceRecords(customers, products, (c) => prices.get(c.id) ?? []),
    });
    for (const kind of ORDER) expect(moved[kind], kind).toEqual(demo[kind]);
  }, 300_000);
});
