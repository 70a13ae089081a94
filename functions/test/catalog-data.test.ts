import { beforeAll, describe, expect, it } from 'vitest';
import {
  addBatch,
  createBrand,
  createExtractType,
  createProduct,
  createProductLine,
  createProductType,
  getBySku,
  getProduct,
  listBrandsWithCount,
  listChangeLog,
  listFilters,
  listProducts,
  listProductsByBrand,
  listProductTypesWithCount,
  previewSku,
  put,
  removeBrand,
  removeFilter,
  saveFilter,
  setStockLimit,
  skuGuardEntity,
  updateBatch,
  updateBrand,
  updateProduct,
  updateProductType,
} from '../src/data';
import { createProductsBulk } from '../src/data/seed';
import { BadRequestError, ConflictError, NotFoundError } from '../src/domain';
import { useFreshTable } from './support/env';

const actor = { userId: 'inv-1', roles: ['INVENTORY' as const], isAdmin: false, name: 'Ivy' };
const filters = {
  brands: [],
  types: [],
  genetics: [],
  extractTypes: [],
  weights: [],
  stock: ['in' as const],
  searchTerm: '',
};
const product = (brandID: string, typeID: string, extra: Record<string, unknown> = {}) => ({
  name: 'Blue Dream 3.5g',
  brandID,
  typeID,
  status: 'ACTIVE' as const,
  basePrice: 25.5,
  cost: 12.25,
  discountEligible: true,
  hasBatch: true,
  hideFromCatalog: false,
  stock: 40,
  ...extra,
});

beforeAll(useFreshTable);

describe('catalogue repositories', () => {
  it('creates a product with a server SKU, dollars on the way out, cents inside, and a create entry', async () => {
    const brand = await createBrand({ name: 'Acme Farms', skucode: 'ACM' }, actor);
    const type = await createProductType({ name: 'Flower' }, actor);
    const extract = await createExtractType({ name: 'Live Resin' }, actor);
    expect(await previewSku(brand.id, type.id)).toBe('ACM-FLO-0001');
    expect(await previewSku(brand.id, type.id)).toBe('ACM-FLO-0001');
    const created = await createProduct(
      product(brand.id, type.id, { extractTypeID: extract.id, genetics: 'HYBRID', weight: 3.5 }),
      actor,
    );
    expect(created).toMatchObject({
      sku: 'ACM-FLO-0001',
      brand: { name: 'Acme Farms' },
      type: { name: 'Flower' },
      extractType: { name: 'Live Resin' },
      basePrice: 25.5,
      cost: 12.25,
      status: 'ACTIVE',
      pendingOutboundQuantity: 0,
    });
    expect(await previewSku(brand.id, type.id)).toBe('ACM-FLO-0002');
    const [entry] = (await listChangeLog('product', created.id, {})).entries;
    expect(entry).toMatchObject({ action: 'create', entityType: 'product', userId: 'inv-1', userName: 'Ivy' });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { name: 'SKU', field: 'sku', action: 'add', newValue: 'ACM-FLO-0001' },
        { name: 'Base price', field: 'basePrice', action: 'add', newValue: 25.5 },
      ]),
    );
  });

  it('refuses unknown brand, type, extract type and product line with 400 and writes nothing', async () => {
    const brand = await createBrand({ name: 'Refs' }, actor);
    const type = await createProductType({ name: 'Edible' }, actor);
    await expect(createProduct(product('nope', type.id), actor)).rejects.toThrow(
      new BadRequestError('Brand not found'),
    );
    await expect(createProduct(product(brand.id, 'nope'), actor)).rejects.toThrow(
      new BadRequestError('Type not found'),
    );
    await expect(createProduct(product(brand.id, type.id, { extractTypeID: 'nope' }), actor)).rejects.toThrow(
      new BadRequestError('Extract type not found'),
    );
    await expect(createProduct(product(brand.id, type.id, { productLineIDs: ['nope'] }), actor)).rejects.toThrow(
      new BadRequestError('Product line not found'),
    );
    expect((await listProductsByBrand(brand.id)).products).toHaveLength(0);
    const line = await createProductLine(brand.id, { name: 'Gold' }, actor);
    const withLine = await createProduct(product(brand.id, type.id, { productLineIDs: [line.id] }), actor);
    expect(withLine.productLineIDs).toEqual([line.id]);
  });

  it('gives 20 concurrent creates of one brand and type 20 different SKUs', async () => {
    const brand = await createBrand({ name: 'Rush', skucode: 'RSH' }, actor);
    const type = await createProductType({ name: 'Vape' }, actor);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createProduct(product(brand.id, type.id, { name: `Cart ${i}` }), actor)),
    );
    const skus = created.map((p) => p.sku);
    expect(new Set(skus).size).toBe(20);
    expect([...skus].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `RSH-VAP-${String(i + 1).padStart(4, '0')}`));
    expect((await listBrandsWithCount()).find((b) => b.id === brand.id)?.count).toBe(20);
    expect((await listProductTypesWithCount()).find((t) => t.id === type.id)?.count).toBe(20);
  });

  it('skips a SKU that is already taken: two brands with the same code never collide', async () => {
    const a = await createBrand({ name: 'Twin A', skucode: 'TWN' }, actor);
    const b = await createBrand({ name: 'Twin B', skucode: 'TWN' }, actor);
    const type = await createProductType({ name: 'Gummies' }, actor);
    const first = await createProduct(product(a.id, type.id), actor);
    // A SKU taken outside the counter (an import, say): the next create skips it.
    await put(skuGuardEntity, { sku: 'TWN-GUM-0002', productId: 'imported' }, { ifAbsent: true });
    const second = await createProduct(product(b.id, type.id), actor);
    expect([first.sku, second.sku]).toEqual(['TWN-GUM-0001', 'TWN-GUM-0003']);
  });

  it('updates fields, hideFromCatalog alone, and records a stock adjustment with its note', async () => {
    const brand = await createBrand({ name: 'Stocky' }, actor);
    const type = await createProductType({ name: 'Preroll' }, actor);
    const p = await createProduct(product(brand.id, type.id), actor);
    const hidden = await updateProduct(p.id, { hideFromCatalog: true }, actor);
    expect(hidden.hideFromCatalog).toBe(true);
    expect(hidden.sku).toBe(p.sku);
    const adjusted = await updateProduct(p.id, { stock: 35, notes: 'Damaged in transit' }, actor);
    expect(adjusted.stock).toBe(35);
    const priced = await updateProduct(p.id, { basePrice: 27.99 }, actor);
    expect(priced.basePrice).toBe(27.99);
    const { entries } = await listChangeLog('product', p.id, {});
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(entries[0]!.changes).toEqual([
      { name: 'Base price', field: 'basePrice', action: 'update', previousValue: 25.5, newValue: 27.99 },
    ]);
    expect(entries[1]).toMatchObject({
      notes: 'Damaged in transit',
      changes: [{ name: 'Stock', field: 'stock', action: 'update', previousValue: 40, newValue: 35 }],
    });
    expect(entries[2]!.changes).toEqual([
      { name: 'Hidden from catalog', field: 'hideFromCatalog', action: 'update', previousValue: false, newValue: true },
    ]);
    // Nothing changed: nothing written.
    await updateProduct(p.id, { stock: 35 }, actor);
    expect((await listChangeLog('product', p.id, {})).entries).toHaveLength(4);
    await expect(updateProduct('missing', { stock: 1 }, actor)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('keeps the SKU when the brand changes and moves the counts', async () => {
    const from = await createBrand({ name: 'From' }, actor);
    const to = await createBrand({ name: 'To' }, actor);
    const type = await createProductType({ name: 'Tincture' }, actor);
    const p = await createProduct(product(from.id, type.id), actor);
    const moved = await updateProduct(p.id, { brandID: to.id }, actor);
    expect(moved).toMatchObject({ sku: p.sku, brandID: to.id, brand: { name: 'To' } });
    const counts = await listBrandsWithCount();
    expect(counts.find((b) => b.id === from.id)?.count).toBe(0);
    expect(counts.find((b) => b.id === to.id)?.count).toBe(1);
    await expect(updateProduct(p.id, { brandID: 'nope' }, actor)).rejects.toThrow(
      new BadRequestError('Brand not found'),
    );
  });

  it('joins renamed type names at read time', async () => {
    const brand = await createBrand({ name: 'Renamer' }, actor);
    const type = await createProductType({ name: 'Old name' }, actor);
    const p = await createProduct(product(brand.id, type.id), actor);
    await updateProductType(type.id, { name: 'New name' }, actor);
    await updateBrand(brand.id, { name: 'Renamed brand' }, actor);
    expect(await getProduct(p.id)).toMatchObject({ type: { name: 'New name' }, brand: { name: 'Renamed brand' } });
    expect((await listProducts()).find((x) => x.id === p.id)).toMatchObject({ type: { name: 'New name' } });
  });

  it('adds and checks in batches with entries on the product; getBySku needs a batch', async () => {
    const brand = await createBrand({ name: 'Batcher' }, actor);
    const type = await createProductType({ name: 'Wax' }, actor);
    const p = await createProduct(product(brand.id, type.id), actor);
    await expect(getBySku(p.sku)).rejects.toThrow(new NotFoundError('No batch for this SKU'));
    await expect(getBySku('NOPE-0001')).rejects.toThrow(new NotFoundError('Unknown SKU'));
    const batch = await addBatch(p.id, { batchNumber: 'B-100', receivedOn: '2026-01-05', initialQuantity: 12 }, actor);
    expect(batch).toMatchObject({ isCheckedIn: false, remainingQuantity: 12 });
    const checked = await updateBatch(p.id, batch.id, { isCheckedIn: true }, actor);
    expect(checked.isCheckedIn).toBe(true);
    expect(await getBySku(p.sku)).toMatchObject({ sku: p.sku, hasBatch: true, batches: [{ batchNumber: 'B-100' }] });
    expect((await getProduct(p.id))?.orderBatches).toHaveLength(1);
    const { entries } = await listChangeLog('product', p.id, {});
    expect(entries[0]!.changes).toEqual([
      {
        name: 'Batch checked in',
        field: 'batch',
        subfield: 'B-100',
        action: 'update',
        previousValue: false,
        newValue: true,
      },
    ]);
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        { name: 'Batch initial quantity', field: 'batch', subfield: 'B-100', action: 'add', newValue: 12 },
      ]),
    );
    await expect(
      addBatch('missing', { batchNumber: 'x', receivedOn: '2026-01-01', initialQuantity: 1 }, actor),
    ).rejects.toThrow(new NotFoundError('Product not found'));
  });

  it('refuses to remove a brand with products, writing nothing, and removes it once empty', async () => {
    const brand = await createBrand({ name: 'Doomed' }, actor);
    const other = await createBrand({ name: 'Refuge' }, actor);
    const type = await createProductType({ name: 'Capsule' }, actor);
    const p = await createProduct(product(brand.id, type.id), actor);
    await createProductLine(brand.id, { name: 'Line' }, actor);
    const entriesBefore = (await listChangeLog('brand', brand.id, {})).entries.length;
    await expect(removeBrand(brand.id, actor)).rejects.toThrow(
      new ConflictError('This brand still has 1 product; move or delete them first'),
    );
    expect((await listBrandsWithCount()).find((b) => b.id === brand.id)).toMatchObject({ count: 1 });
    expect((await listChangeLog('brand', brand.id, {})).entries).toHaveLength(entriesBefore);
    await updateProduct(p.id, { brandID: other.id }, actor);
    await removeBrand(brand.id, actor);
    expect((await listBrandsWithCount()).find((b) => b.id === brand.id)).toBeUndefined();
    expect((await listChangeLog('brand', brand.id, {})).entries[0]).toMatchObject({ action: 'delete' });
    await expect(removeBrand(brand.id, actor)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('never leaves a product without its brand when a create races a remove', async () => {
    const type = await createProductType({ name: 'Race' }, actor);
    for (let round = 0; round < 5; round++) {
      const brand = await createBrand({ name: `Racer ${round}` }, actor);
      const [created, removed] = await Promise.allSettled([
        createProduct(product(brand.id, type.id), actor),
        removeBrand(brand.id, actor),
      ]);
      const brandExists = (await listBrandsWithCount()).some((b) => b.id === brand.id);
      if (created.status === 'fulfilled') expect(brandExists).toBe(true);
      if (removed.status === 'fulfilled') expect(created.status).toBe('rejected');
    }
  });

  it('sets and clears brand, type and weight limits with entries', async () => {
    const brand = await createBrand({ name: 'Limited' }, actor);
    const type = await createProductType({ name: 'Hash' }, actor);
    await setStockLimit(brand.id, {}, 500, actor);
    await setStockLimit(brand.id, { typeId: type.id }, 200, actor);
    const limited = await setStockLimit(brand.id, { typeId: type.id, weight: 3.5 }, 50, actor);
    expect(limited).toMatchObject({
      maxBrandStock: 500,
      MaxProductStock: [
        { typeId: type.id, maxStock: 200 },
        { typeId: type.id, weight: 3.5, maxStock: 50 },
      ],
    });
    const cleared = await setStockLimit(brand.id, { typeId: type.id }, null, actor);
    expect(cleared.MaxProductStock).toEqual([{ typeId: type.id, weight: 3.5, maxStock: 50 }]);
    expect((await setStockLimit(brand.id, {}, null, actor)).maxBrandStock).toBeNull();
    await expect(setStockLimit(brand.id, { typeId: 'nope' }, 1, actor)).rejects.toThrow(
      new NotFoundError('Type not found'),
    );
    const { entries } = await listChangeLog('brand', brand.id, {});
    expect(entries[0]!.changes).toEqual([
      { name: 'Brand limit', field: 'maxBrandStock', action: 'remove', previousValue: 500 },
    ]);
    expect(entries[1]!.changes).toEqual([
      { name: 'Type limit', field: 'MaxProductStock', subfield: type.id, action: 'remove', previousValue: 200 },
    ]);
  });

  it('saves filters per user, newest first, and deletes only one’s own', async () => {
    const a = await saveFilter('u-a', { filterName: 'First', variant: 'inventory', filters }, actor);
    const b = await saveFilter('u-a', { filterName: 'Second', variant: 'products', filters }, actor);
    await saveFilter('u-b', { filterName: 'Other', variant: 'inventory', filters }, actor);
    expect((await listFilters('u-a')).map((f) => f.settings.filterName)).toEqual(['Second', 'First']);
    await expect(removeFilter('u-b', a.id, actor)).rejects.toBeInstanceOf(NotFoundError);
    await removeFilter('u-a', a.id, actor);
    expect((await listFilters('u-a')).map((f) => f.id)).toEqual([b.id]);
  });

  it('bulk-creates products with the same SKUs, guards, counts and entries', async () => {
    const brand = await createBrand({ name: 'Bulk', skucode: 'BLK' }, actor);
    const type = await createProductType({ name: 'Flower' }, actor);
    await createProduct(product(brand.id, type.id), actor);
    const made = await createProductsBulk(
      Array.from({ length: 60 }, (_, i) => ({
        ...product(brand.id, type.id, { name: `Bulk ${i}` }),
        status: 'ACTIVE' as const,
        batches: [{ batchNumber: `L${i}`, receivedOn: '2026-02-01', initialQuantity: 10, isCheckedIn: true }],
      })),
      actor,
    );
    const skus = new Set(made.map((p) => p.sku));
    expect(skus.size).toBe(60);
    expect(skus.has('BLK-FLO-0001')).toBe(false);
    expect((await listBrandsWithCount()).find((b) => b.id === brand.id)?.count).toBe(61);
    expect(await getBySku(made[0]!.sku)).toMatchObject({ batches: [{ batchNumber: expect.any(String) }] });
    expect((await listChangeLog('product', made[0]!.id, {})).entries).toHaveLength(2);
    const next = await createProduct(product(brand.id, type.id), actor);
    expect(next.sku).toBe('BLK-FLO-0062');
  });
});
