import type { Brand, ChangeLogEntry, Product, ProductLine, SavedFilter } from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/** Catalogue flows over HTTP with real tokens: types, brands, products, stock, batches, limits, filters. */

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
const unique = () => Math.random().toString(36).slice(2, 8);

async function catalogue() {
  const token = await tokenFor('INVENTORY');
  const type = await call<{ id: string; name: string }>('POST', '/api/db/products/addNewProductType', {
    token,
    body: { name: `Flower ${unique()}` },
  });
  expect(type.status).toBe(200);
  const extract = await call<{ id: string }>('POST', '/api/db/products/addNewExtractType', {
    token,
    body: { name: `Rosin ${unique()}` },
  });
  expect(extract.status).toBe(200);
  const brand = await call<Brand>('POST', '/api/db/brands/addNew', {
    token,
    body: { name: `Acme ${unique()}`, skucode: `A${unique().slice(0, 5)}`, brandRepEmail: 'rep@acme.test' },
  });
  expect(brand.status).toBe(200);
  return { token, type: type.body, extract: extract.body, brand: brand.body };
}

const newProduct = (brandID: string, typeID: string, extra: Record<string, unknown> = {}) => ({
  name: 'Blue Dream',
  brandID,
  typeID,
  basePrice: 30,
  cost: 14.5,
  weight: 3.5,
  stock: 25,
  ...extra,
});

describe('catalogue over HTTP', () => {
  it('creates a product with defaults and a server SKU, lists it, updates and hides it', async () => {
    const { token, type, extract, brand } = await catalogue();
    const preview = await call<{ sku: string }>(
      'GET',
      `/api/db/products/createSKU?brandID=${brand.id}&typeID=${type.id}`,
      { token },
    );
    expect(preview.status).toBe(200);
    const created = await call<Product>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct(brand.id, type.id, { extractTypeID: extract.id, genetics: 'INDICA' }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      sku: preview.body.sku,
      status: 'ACTIVE',
      discountEligible: true,
      hasBatch: true,
      hideFromCatalog: false,
      basePrice: 30,
      brand: { name: brand.name },
      type: { name: type.name },
    });
    const id = created.body.id;

    const all = await call<Product[]>('GET', '/api/db/products/getAll', { token });
    expect(all.status).toBe(200);
    expect(all.body.find((p) => p.id === id)).toMatchObject({ sku: created.body.sku });
    const byBrand = await call<{ res: Product[] }>('GET', `/api/db/products/getByBrandID/${brand.id}`, { token });
    expect(byBrand.body.res.map((p) => p.id)).toEqual([id]);

    const renamed = await call<Product>('PUT', `/api/db/products/update/${id}`, {
      token,
      body: { name: 'Blue Dream Reserve', basePrice: 32.5 },
    });
    expect(renamed.body).toMatchObject({ name: 'Blue Dream Reserve', basePrice: 32.5, sku: created.body.sku });
    const hidden = await call<Product>('PUT', `/api/db/products/update/${id}`, {
      token,
      body: { hideFromCatalog: true },
    });
    expect(hidden.body.hideFromCatalog).toBe(true);
    const sku = await call('PUT', `/api/db/products/update/${id}`, { token, body: { sku: 'HAND-MADE' } });
    expect(sku.status).toBe(400);

    const types = await call<Array<{ id: string; count: number }>>(
      'GET',
      '/api/db/products/getProductTypesWithProductCount',
      { token },
    );
    expect(types.body.find((t) => t.id === type.id)?.count).toBe(1);
  });

  it('refuses unknown references and missing required fields with the messages', async () => {
    const { token, type, brand } = await catalogue();
    const noBrand = await call<{ message: string }>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct('no-such-brand', type.id),
    });
    expect(noBrand).toMatchObject({ status: 400, body: { message: 'Brand not found' } });
    const noType = await call<{ message: string }>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct(brand.id, 'no-such-type'),
    });
    expect(noType).toMatchObject({ status: 400, body: { message: 'Type not found' } });
    const noName = await call<{ message: string }>('POST', '/api/db/products/addNew', {
      token,
      body: { ...newProduct(brand.id, type.id), name: '' },
    });
    expect(noName).toMatchObject({ status: 400, body: { message: 'Product name is required (body.name)' } });
    const noPrice = await call<{ message: string }>('POST', '/api/db/products/addNew', {
      token,
      body: { name: 'x', brandID: brand.id, typeID: type.id },
    });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.message).toMatch(/basePrice/);
    const preview = await call('GET', `/api/db/products/createSKU?brandID=nope&typeID=${type.id}`, { token });
    expect(preview.status).toBe(404);
  });

  it('adjusts stock with a note and reads it back from the change log', async () => {
    const { token, type, brand } = await catalogue();
    const { body: p } = await call<Product>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct(brand.id, type.id),
    });
    const adjusted = await call<Product>('PUT', `/api/db/products/update/${p.id}`, {
      token,
      body: { stock: 18, notes: 'Recount after audit' },
    });
    expect(adjusted.body.stock).toBe(18);
    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/product/${p.id}`, {
      token: await tokenFor('SALES'),
    });
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({
      action: 'update',
      // Audit entries name the person (the ID token's name), not their email.
      userName: 'Ivy Inventory',
      notes: 'Recount after audit',
      changes: [{ field: 'stock', previousValue: 25, newValue: 18 }],
    });
    expect(log.body.entries.at(-1)).toMatchObject({ action: 'create' });
  });

  it('adds and checks in batches; getBySku answers only when there is a batch', async () => {
    const { token, type, brand } = await catalogue();
    const { body: p } = await call<Product>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct(brand.id, type.id),
    });
    const none = await call<{ message: string }>('GET', `/api/db/products/getBySku/${p.sku}`, { token });
    expect(none).toMatchObject({ status: 404, body: { message: 'No batch for this SKU' } });
    const unknown = await call<{ message: string }>('GET', '/api/db/products/getBySku/NO-SUCH-0001', { token });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Unknown SKU' } });

    const batch = await call<{ id: string }>('POST', `/api/db/products/addBatch/${p.id}`, {
      token,
      body: { batchNumber: 'LOT-7', receivedOn: '2026-03-01', initialQuantity: 24 },
    });
    expect(batch.status).toBe(200);
    const checked = await call<{ isCheckedIn: boolean }>(
      'PUT',
      `/api/db/products/updateBatch/${p.id}/${batch.body.id}`,
      { token, body: { isCheckedIn: true } },
    );
    expect(checked.body.isCheckedIn).toBe(true);
    const bySku = await call('GET', `/api/db/products/getBySku/${p.sku}`, { token: await tokenFor('DRIVER') });
    expect(bySku).toMatchObject({
      status: 200,
      body: {
        sku: p.sku,
        hasBatch: true,
        batches: [{ batchNumber: 'LOT-7', isCheckedIn: true, remainingQuantity: 24 }],
      },
    });
    const full = await call<Product>('GET', `/api/db/products/getByID/${p.id}`, { token });
    expect(full.body.orderBatches).toHaveLength(1);
    const log = await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/product/${p.id}`, {
      token,
    });
    expect(log.body.entries[0]!.changes[0]).toMatchObject({ field: 'batch', subfield: 'LOT-7' });
  });

  it('sets and clears stock limits, and reads the brand with its products and limits', async () => {
    const { token, type, brand } = await catalogue();
    await call('POST', '/api/db/products/addNew', { token, body: newProduct(brand.id, type.id) });
    const b = await call<Brand>('POST', `/api/db/brands/updateStockLimits/${brand.id}`, {
      token,
      body: { maxBrandStock: 300 },
    });
    expect(b.body.maxBrandStock).toBe(300);
    await call('POST', `/api/db/brands/updateStockLimits/${brand.id}/${type.id}`, { token, body: { maxStock: 120 } });
    const w = await call<Brand>('POST', `/api/db/brands/updateStockLimits/${brand.id}/${type.id}/3.5`, {
      token,
      body: { maxStock: 40 },
    });
    expect(w.body.MaxProductStock).toEqual([
      { typeId: type.id, maxStock: 120 },
      { typeId: type.id, weight: 3.5, maxStock: 40 },
    ]);
    const cleared = await call<Brand>('POST', `/api/db/brands/updateStockLimits/${brand.id}/${type.id}`, {
      token,
      body: { maxStock: null },
    });
    expect(cleared.body.MaxProductStock).toEqual([{ typeId: type.id, weight: 3.5, maxStock: 40 }]);
    const noType = await call<{ message: string }>('POST', `/api/db/brands/updateStockLimits/${brand.id}/nope`, {
      token,
      body: { maxStock: 1 },
    });
    expect(noType).toMatchObject({ status: 404, body: { message: 'Type not found' } });
    const overview = await call<Brand>('PUT', `/api/db/brands/update/${brand.id}`, {
      token,
      body: { hideInInventoryOverview: true },
    });
    expect(overview.body.hideInInventoryOverview).toBe(true);
    const read = await call<Brand & { products: Product[] }>('GET', `/api/db/brands/getByID/${brand.id}`, {
      token: await tokenFor('SALES'),
    });
    expect(read.body).toMatchObject({ maxBrandStock: 300, hideInInventoryOverview: true });
    expect(read.body.products).toHaveLength(1);
    const counts = await call<Array<Brand & { count: number }>>('GET', '/api/db/brands/getBrandsWithProductCount', {
      token,
    });
    expect(counts.body.find((x) => x.id === brand.id)?.count).toBe(1);
    const list = await call<{ res: Brand[] }>('GET', '/api/db/brands/getAll', { token });
    expect(list.body.res.map((x) => x.id)).toContain(brand.id);
  });

  it('adds product lines and refuses to remove a brand that still has products', async () => {
    const { token, type, brand } = await catalogue();
    const line = await call<ProductLine>('POST', `/api/db/brands/addProductLine/${brand.id}`, {
      token,
      body: { name: 'Reserve' },
    });
    expect(line.status).toBe(200);
    const lines = await call<ProductLine[]>('GET', `/api/db/brands/getProductLines/${brand.id}`, { token });
    expect(lines.body).toEqual([line.body]);
    const { body: p } = await call<Product>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct(brand.id, type.id, { productLineIDs: [line.body.id] }),
    });
    const refused = await call<{ message: string }>('DELETE', `/api/db/brands/remove/${brand.id}`, { token });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: 'This brand still has 1 product; move or delete them first' },
    });
    expect((await call('GET', `/api/db/brands/getByID/${brand.id}`, { token })).status).toBe(200);

    const other = await call<Brand>('POST', '/api/db/brands/addNew', { token, body: { name: `Other ${unique()}` } });
    const moved = await call<Product>('PUT', `/api/db/products/update/${p.id}`, {
      token,
      body: { brandID: other.body.id },
    });
    expect(moved.body).toMatchObject({ sku: p.sku, brandID: other.body.id, productLineIDs: [] });
    const removed = await call('DELETE', `/api/db/brands/remove/${brand.id}`, { token });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call('GET', `/api/db/brands/getByID/${brand.id}`, { token })).status).toBe(404);
  });

  it('saves, lists and deletes one’s own filters; another user’s id is refused', async () => {
    const token = await tokenFor('SALES');
    const me = subOf(token);
    const filterData = {
      filterName: `Low stock ${unique()}`,
      filters: {
        brands: [],
        types: [],
        genetics: ['INDICA'],
        extractTypes: [],
        weights: [3.5],
        stock: ['in'],
        searchTerm: 'dream',
      },
    };
    const saved = await call<SavedFilter>('POST', '/api/db/preferences/saveFilter', {
      token,
      body: { userId: me, filterData },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ filterName: filterData.filterName, variant: 'inventory' });
    const forOther = await call('POST', '/api/db/preferences/saveFilter', {
      token,
      body: { userId: subOf(await tokenFor('ADMIN')), filterData },
    });
    expect(forOther.status).toBe(403);
    const noUser = await call<{ message: string }>('POST', '/api/db/preferences/saveFilter', {
      token,
      body: { filterData },
    });
    expect(noUser.body.message).toMatch(/^A user id is required/);
    const noData = await call<{ message: string }>('POST', '/api/db/preferences/saveFilter', {
      token,
      body: { userId: me },
    });
    expect(noData.body.message).toMatch(/^Filter data is required/);

    const mine = await call<SavedFilter[]>('GET', '/api/db/preferences/getFilters', { token });
    expect(mine.body[0]).toMatchObject({ id: saved.body.id, settings: { filterData: { searchTerm: 'dream' } } });
    const otherRemove = await call('DELETE', `/api/db/preferences/removeFilter/${saved.body.id}`, {
      token: await tokenFor('PURCHASING'),
    });
    expect(otherRemove.status).toBe(404);
    const removed = await call('DELETE', `/api/db/preferences/removeFilter/${saved.body.id}`, { token });
    expect(removed.status).toBe(200);
    const after = await call<SavedFilter[]>('GET', '/api/db/preferences/getFilters', { token });
    expect(after.body.map((f) => f.id)).not.toContain(saved.body.id);
  });

  it('strips cost for SALES and keeps it for PURCHASING', async () => {
    const { token, type, brand } = await catalogue();
    const { body: p } = await call<Product>('POST', '/api/db/products/addNew', {
      token,
      body: newProduct(brand.id, type.id),
    });
    const asSales = await call<Product>('GET', `/api/db/products/getByID/${p.id}`, { token: await tokenFor('SALES') });
    expect(asSales.status).toBe(200);
    expect(asSales.body).not.toHaveProperty('cost');
    const salesList = await call<Product[]>('GET', '/api/db/products/getAll', { token: await tokenFor('SALES') });
    expect(salesList.body.some((x) => 'cost' in x)).toBe(false);
    const asBuyer = await call<Product>('GET', `/api/db/products/getByID/${p.id}`, {
      token: await tokenFor('PURCHASING'),
    });
    expect(asBuyer.body.cost).toBe(14.5);
  });

  it('keeps SKUs unique under concurrent creates over HTTP', async () => {
    const { token, type, brand } = await catalogue();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<Product>('POST', '/api/db/products/addNew', {
          token,
          body: newProduct(brand.id, type.id, { name: `Parallel ${i}` }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(results.map((r) => r.body.sku)).size).toBe(10);
  });
});
