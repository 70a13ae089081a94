import { createHash, randomUUID } from 'node:crypto';
import {
  diffChanges,
  formatSku,
  skuBrandCode,
  skuTypeCode,
  toCents,
  toDollars,
  type AddProductBody,
  type Batch,
  type FieldChange,
  type Product,
  type UpdateProductBody,
} from '@bo/shared';
import { BadRequestError, ConflictError, NotFoundError } from '../domain';
import { brandNotFound, getBrandItem, listBrandItems } from './brands';
import { changeEntry } from './change-log';
import type { BatchItem } from './entities/batch';
import type { BrandItem } from './entities/brand';
import type { ExtractTypeItem, ProductTypeItem } from './entities/named';
import { PRODUCT_LIST_SHARDS, type ProductItem } from './entities/product';
import { db } from './service';
import {
  applyLedgerChanges,
  readStockFor,
  readStockLedger,
  transactItem,
  ledgerUpdates,
  type StockView,
} from './stock-ledger';
import { commitOrExplain, type Actor } from './transaction';

/**
 * Products and their batches. Money is integer cents in the table and dollars on the wire.
 * Brand, type and extract-type names are joined at read time (see entities/product.ts).
 * Every write is one transaction with its change-log entry (entityType `product`, entityId = product id).
 * Stock figures (stock, pending outbound, batches' remaining) live in the stock ledger (stock-ledger.ts) and
 * are joined on read; writes of them go to the ledger in the same transaction.
 */

export const PRODUCT_FIELD_LABELS = {
  sku: 'SKU',
  name: 'Name',
  description: 'Description',
  image: 'Image',
  brandID: 'Brand',
  typeID: 'Type',
  genetics: 'Genetics',
  extractTypeID: 'Extract type',
  productLineIDs: 'Product lines',
  status: 'Status',
  weight: 'Weight',
  unitQuantity: 'Unit quantity',
  stock: 'Stock',
  cost: 'Cost',
  basePrice: 'Base price',
  msrp: 'MSRP',
  discountEligible: 'Discount eligible',
  hasBatch: 'Batched',
  hideFromCatalog: 'Hidden from catalog',
} as const;

export const BATCH_FIELD_LABELS = {
  batchNumber: 'Batch number',
  receivedOn: 'Batch received on',
  isCheckedIn: 'Batch checked in',
  initialQuantity: 'Batch initial quantity',
  remainingQuantity: 'Batch remaining quantity',
} as const;

type Names = Pick<Map<string, { name: string }>, 'get'>;
export interface CatalogNames {
  brands: Names;
  types: Names;
  extractTypes: Names;
}

const MONEY = [
  ['cost', 'costCents'],
  ['basePrice', 'basePriceCents'],
  ['msrp', 'msrpCents'],
] as const;

/** The product as the API returns it (dollars, joined names). */
export function toProduct(item: ProductItem, names: CatalogNames, stock: StockView, batches?: BatchItem[]): Product {
  const extractName = item.extractTypeID ? names.extractTypes.get(item.extractTypeID)?.name : undefined;
  return {
    id: item.productId,
    sku: item.sku,
    brandID: item.brandID,
    brand: { name: names.brands.get(item.brandID)?.name ?? '' },
    name: item.name,
    ...(item.description ? { description: item.description } : {}),
    ...(item.image ? { image: item.image } : {}),
    typeID: item.typeID,
    type: { name: names.types.get(item.typeID)?.name ?? '' },
    ...(item.genetics ? { genetics: item.genetics } : {}),
    ...(item.extractTypeID ? { extractTypeID: item.extractTypeID, extractType: { name: extractName ?? '' } } : {}),
    productLineIDs: item.productLineIDs ?? [],
    status: item.status,
    ...(item.weight === undefined ? {} : { weight: item.weight }),
    ...(item.unitQuantity === undefined ? {} : { unitQuantity: item.unitQuantity }),
    stock: stock.stock(item.productId),
    pendingOutboundQuantity: stock.pending(item.productId),
    ...(item.lastOrdered ? { lastOrdered: item.lastOrdered } : {}),
    ...(item.costCents === undefined ? {} : { cost: toDollars(item.costCents) }),
    basePrice: toDollars(item.basePriceCents),
    ...(item.msrpCents === undefined ? {} : { msrp: toDollars(item.msrpCents) }),
    discountEligible: item.discountEligible,
    hasBatch: item.hasBatch,
    hideFromCatalog: item.hideFromCatalog,
    createdAt: item.createdAt,
    modifiedOn: item.modifiedOn,
    ...(batches ? { orderBatches: sortBatches(batches).map((b) => toBatch(b, stock)) } : {}),
  };
}

export const toBatch = (item: BatchItem, stock: StockView): Batch => ({
  id: item.batchId,
  productId: item.productId,
  batchNumber: item.batchNumber,
  receivedOn: item.receivedOn,
  isCheckedIn: item.isCheckedIn,
  initialQuantity: item.initialQuantity,
  remainingQuantity: stock.remaining(item.batchId),
});

/** Oldest received first, then by batch number. */
const sortBatches = (batches: BatchItem[]) =>
  [...batches].sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.batchNumber.localeCompare(b.batchNumber));

/** The wire (dollar) view of an item's tracked fields, for change-log diffs. */
const wireFields = (item: Partial<ProductItem>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...item };
  for (const [wire, stored] of MONEY) {
    delete out[stored];
    if (item[stored] !== undefined) out[wire] = toDollars(item[stored]);
  }
  return out;
};

/** Wire fields (dollars) to stored attributes (cents). */
const storedFields = (fields: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...fields };
  for (const [wire, stored] of MONEY) {
    delete out[wire];
    if (typeof fields[wire] === 'number') out[stored] = toCents(fields[wire]);
  }
  return out;
};

const shardOf = (productId: string) => String(createHash('sha1').update(productId).digest()[0]! % PRODUCT_LIST_SHARDS);

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-US');

// ---------------------------------------------------------------------------------------------- names

const nameMap = <T extends { name: string }>(items: T[], id: (t: T) => string) =>
  new Map(items.map((t) => [id(t), { name: t.name }]));

/** Every brand, type and extract type name: three small Queries, run in parallel. */
export async function loadCatalogNames(): Promise<CatalogNames & { brandItems: BrandItem[] }> {
  const [brandItems, types, extracts] = await Promise.all([
    listBrandItems(),
    db().entities.productType.query.all({}).go({ pages: 'all' }),
    db().entities.extractType.query.all({}).go({ pages: 'all' }),
  ]);
  return {
    brandItems,
    brands: nameMap(brandItems, (b) => b.brandId),
    types: nameMap(types.data, (t) => t.id),
    extractTypes: nameMap(extracts.data, (t) => t.id),
  };
}

/** The names one product needs: Gets of its brand, type and extract type, in parallel. */
async function namesFor(
  items: Array<Pick<ProductItem, 'brandID' | 'typeID' | 'extractTypeID'>>,
): Promise<CatalogNames> {
  const unique = <T>(values: Array<T | undefined>) => [...new Set(values.filter((v): v is T => v !== undefined))];
  const brandIds = unique(items.map((i) => i.brandID));
  const typeIds = unique(items.map((i) => i.typeID));
  const extractIds = unique(items.map((i) => i.extractTypeID));
  const [brands, types, extracts] = await Promise.all([
    brandIds.length
      ? db()
          .entities.brand.get(brandIds.map((brandId) => ({ brandId })))
          .go()
      : { data: [] },
    typeIds.length
      ? db()
          .entities.productType.get(typeIds.map((id) => ({ id })))
          .go()
      : { data: [] },
    extractIds.length
      ? db()
          .entities.extractType.get(extractIds.map((id) => ({ id })))
          .go()
      : { data: [] },
  ]);
  return {
    brands: nameMap(brands.data as BrandItem[], (b) => b.brandId),
    types: nameMap(types.data as ProductTypeItem[], (t) => t.id),
    extractTypes: nameMap(extracts.data as ExtractTypeItem[], (t) => t.id),
  };
}

// ---------------------------------------------------------------------------------------------- reads

/** Every product item: the listing shards queried in parallel, each through all its pages. */
export async function listProductItems(): Promise<ProductItem[]> {
  const shards = await Promise.all(
    Array.from({ length: PRODUCT_LIST_SHARDS }, (_, shard) =>
      db()
        .entities.product.query.all({ shard: String(shard) })
        .go({ pages: 'all' }),
    ),
  );
  return shards.flatMap((s) => s.data);
}

/** Every product, by name, with brand/type names joined from their lists. */
export async function listProducts(): Promise<Product[]> {
  const [items, names, stock] = await Promise.all([listProductItems(), loadCatalogNames(), readStockLedger()]);
  return items.map((item) => toProduct(item, names, stock)).sort(byName);
}

export async function listProductItemsByBrand(brandId: string): Promise<ProductItem[]> {
  const { data } = await db().entities.product.query.byBrand({ brandID: brandId }).go({ pages: 'all' });
  return data;
}

/** A product type's products (one GSI Query, all pages). */
export async function listProductItemsByType(typeId: string): Promise<ProductItem[]> {
  const { data } = await db().entities.product.query.byType({ typeID: typeId }).go({ pages: 'all' });
  return data;
}

/**
 * The products with these ids that exist (BatchGetItem, 100 keys a call, a few calls at once; keys the
 * table could not serve in one round are asked again).
 */
export async function getProductItemsByIds(ids: readonly string[]): Promise<Map<string, ProductItem>> {
  const found = new Map<string, ProductItem>();
  let keys = [...new Set(ids)].map((productId) => ({ productId }));
  for (let round = 0; keys.length > 0; round++) {
    if (round > 5) throw new Error('The table kept products unprocessed; try again');
    const { data, unprocessed } = await db().entities.product.get(keys).go({ concurrency: 4 });
    for (const item of data) found.set(item.productId, item);
    keys = unprocessed.map((k) => ({ productId: k.productId }));
    if (keys.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
  }
  return found;
}

/** A brand's products (one GSI Query); 404 when the brand does not exist. */
export async function listProductsByBrand(brandId: string): Promise<{ brand: BrandItem; products: Product[] }> {
  const [brand, items, names, stock] = await Promise.all([
    getBrandItem(brandId),
    listProductItemsByBrand(brandId),
    loadCatalogNames(),
    readStockLedger(),
  ]);
  if (!brand) throw brandNotFound();
  return { brand, products: items.map((item) => toProduct(item, names, stock)).sort(byName) };
}

/** One product and its batches: one Query of the product's partition. */
export async function getProductWithBatches(productId: string) {
  const { data } = await db().collections.productBatches({ productId }).go({ pages: 'all' });
  const item = data.product[0];
  return item ? { item, batches: data.batch } : undefined;
}

export async function getProductItem(productId: string): Promise<ProductItem | undefined> {
  const { data } = await db().entities.product.get({ productId }).go();
  return data ?? undefined;
}

/** The product with its batches (`orderBatches`), or undefined. */
export async function getProduct(productId: string): Promise<Product | undefined> {
  const [found, stock] = await Promise.all([getProductWithBatches(productId), readStockFor([productId])]);
  if (!found) return undefined;
  return toProduct(found.item, await namesFor([found.item]), stock, found.batches);
}

/** The SKU's product and batches: a Get of the SKU guard, then one Query of the product's partition. */
export async function getBySku(sku: string) {
  const { data: guard } = await db().entities.skuGuard.get({ sku }).go();
  const [found, stock] = guard
    ? await Promise.all([getProductWithBatches(guard.productId), readStockFor([guard.productId])])
    : [undefined, undefined];
  if (!found || !stock) throw new NotFoundError('Unknown SKU');
  if (!found.item.hasBatch || found.batches.length === 0) throw new NotFoundError('No batch for this SKU');
  return {
    sku: found.item.sku,
    productId: found.item.productId,
    name: found.item.name,
    hasBatch: true as const,
    batches: sortBatches(found.batches).map((b) => toBatch(b, stock)),
  };
}

// ---------------------------------------------------------------------------------------------- SKUs

const skuPrefix = (brand: Pick<BrandItem, 'name' | 'skucode'>, typeName: string) =>
  `${skuBrandCode(brand)}-${skuTypeCode(typeName)}`;

/** Takes `count` numbers from the prefix's counter (UpdateItem ADD); returns the first. */
async function takeSequence(prefix: string, count = 1): Promise<number> {
  const { data } = await db()
    .entities.skuCounter.update({ prefix })
    .add({ seq: count })
    .go({ response: 'updated_new' });
  return (data.seq ?? count) - count + 1;
}

/** The SKU the next product of this brand and type would get; reads the counter, never takes a number. */
export async function previewSku(brandId: string, typeId: string): Promise<string> {
  const [brand, type] = await Promise.all([
    getBrandItem(brandId),
    db()
      .entities.productType.get({ id: typeId })
      .go()
      .then((r) => r.data),
  ]);
  if (!brand) throw brandNotFound();
  if (!type) throw new NotFoundError('Type not found');
  const { data } = await db()
    .entities.skuCounter.get({ prefix: skuPrefix(brand, type.name) })
    .go();
  return formatSku(brand, type.name, (data?.seq ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------------- writes

/** The input of `createProduct`: the parsed `addProductBody` (defaults applied). */
export type NewProduct = AddProductBody;

interface References {
  brand: BrandItem;
  type: ProductTypeItem;
}

/** Brand, type, extract type and product lines must exist: 400 with the missing one's name. */
async function checkReferences(input: {
  brandID: string;
  typeID: string;
  extractTypeID?: string;
  productLineIDs?: string[];
}): Promise<References> {
  const lineIds = [...new Set(input.productLineIDs ?? [])];
  const [brand, type, extract, lines] = await Promise.all([
    getBrandItem(input.brandID),
    db()
      .entities.productType.get({ id: input.typeID })
      .go()
      .then((r) => r.data),
    input.extractTypeID
      ? db()
          .entities.extractType.get({ id: input.extractTypeID })
          .go()
          .then((r) => r.data)
      : undefined,
    lineIds.length
      ? db()
          .entities.productLine.get(lineIds.map((lineId) => ({ brandId: input.brandID, lineId })))
          .go()
          .then((r) => r.data)
      : [],
  ]);
  if (!brand) throw new BadRequestError('Brand not found');
  if (!type) throw new BadRequestError('Type not found');
  if (input.extractTypeID && !extract) throw new BadRequestError('Extract type not found');
  if (lines.length !== lineIds.length) throw new BadRequestError('Product line not found');
  return { brand, type };
}

class SkuTaken extends Error {}

const productCreateChanges = (item: ProductItem, stock: number): FieldChange[] =>
  diffChanges<Record<string, unknown>>(undefined, { ...wireFields(item), stock }, PRODUCT_FIELD_LABELS);

function newProductItem(input: NewProduct, sku: string, productId: string, now: string): ProductItem {
  const { stock: _stock, ...fields } = storedFields(input);
  return {
    ...(fields as Omit<ProductItem, 'productId' | 'shard' | 'sku'>),
    productId,
    shard: shardOf(productId),
    sku,
    productLineIDs: [...new Set(input.productLineIDs ?? [])],
    version: 1,
    createdAt: now,
    modifiedOn: now,
  };
}

const MAX_SKU_ATTEMPTS = 20;

/**
 * Creates a product with a server-assigned SKU. The number comes from the prefix's atomic counter; the
 * SKU guard item is created with `attribute_not_exists` in the same transaction as the product, the
 * brand and type counts (`ADD productCount 1`, which also proves they exist), the extract-type and
 * product-line checks and the change-log entry. If the SKU is already taken the creator takes the
 * next number and tries again.
 */
export async function createProduct(input: NewProduct, by: Actor): Promise<Product> {
  const { brand, type } = await checkReferences(input);
  const prefix = skuPrefix(brand, type.name);
  const productId = randomUUID();
  let sequence = await takeSequence(prefix);
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const sku = formatSku(brand, type.name, sequence);
    const item = newProductItem(input, sku, productId, now);
    const lineIds = item.productLineIDs ?? [];
    const extractIndex = item.extractTypeID ? 5 : -1;
    try {
      await commitOrExplain(
        () =>
          db()
            .transaction.write((e) => [
              e.skuGuard.create({ sku, productId }).commit(),
              e.product.create(item).commit(),
              e.brand.patch({ brandId: item.brandID }).add({ productCount: 1 }).commit(),
              e.productType.patch({ id: item.typeID }).add({ productCount: 1 }).commit(),
              e.changeLog
                .create(
                  changeEntry({
                    caller: by,
                    entityType: 'product',
                    entityId: productId,
                    action: 'create',
                    changes: productCreateChanges(item, input.stock ?? 0),
                    at: now,
                  }),
                )
                .commit(),
              ...(item.extractTypeID
                ? [
                    e.extractType
                      .check({ id: item.extractTypeID })
                      .where(({ name }, { exists }) => exists(name))
                      .commit(),
                  ]
                : []),
              ...lineIds.map((lineId) =>
                e.productLine
                  .check({ brandId: item.brandID, lineId })
                  .where(({ name }, { exists }) => exists(name))
                  .commit(),
              ),
              ...ledgerUpdates([{ kind: 'setStock', productId, value: input.stock ?? 0 }]).map(transactItem),
            ])
            .go(),
        (failed) => {
          const first = failed[0]!;
          if (first === 0) return new SkuTaken(sku);
          if (first === 2) return new BadRequestError('Brand not found');
          if (first === 3) return new BadRequestError('Type not found');
          if (first === extractIndex) return new BadRequestError('Extract type not found');
          if (first > 4) return new BadRequestError('Product line not found');
          return new ConflictError('A product with this id already exists');
        },
      );
      return toProduct(
        item,
        {
          brands: new Map([[brand.brandId, { name: brand.name }]]),
          types: new Map([[type.id, { name: type.name }]]),
          extractTypes: await namesFor([item]).then((n) => n.extractTypes),
        },
        await readStockFor([productId]),
      );
    } catch (error) {
      if (!(error instanceof SkuTaken) || attempt >= MAX_SKU_ATTEMPTS) throw error;
      sequence = await takeSequence(prefix);
    }
  }
}

/**
 * Applies changed fields. `stock` with `notes` is a stock adjustment: the entry records the stock's
 * previous and new value with the notes. Changing brand or type keeps the SKU (it names the product,
 * not its classification) and moves the product between the brands' and types' counts; a brand change
 * without `productLineIDs` drops the old brand's lines. Optimistic: the patch is conditioned on the
 * version read, so a stock adjustment's previous value is exact (a concurrent edit gets a 409).
 */
export async function updateProduct(productId: string, body: UpdateProductBody, by: Actor): Promise<Product> {
  const [before, stockBefore] = await Promise.all([getProductItem(productId), readStockFor([productId])]);
  if (!before) throw new NotFoundError('Product not found');
  const currentStock = stockBefore.stock(productId);
  const { notes, ...fields } = body;
  const wanted: Record<string, unknown> = { ...fields };
  const brandChanged = fields.brandID !== undefined && fields.brandID !== before.brandID;
  const typeChanged = fields.typeID !== undefined && fields.typeID !== before.typeID;
  if (brandChanged && fields.productLineIDs === undefined && (before.productLineIDs ?? []).length > 0)
    wanted.productLineIDs = [];
  if (wanted.productLineIDs) wanted.productLineIDs = [...new Set(wanted.productLineIDs as string[])];
  const changes = diffChanges<Record<string, unknown>>(
    { ...wireFields(before), stock: currentStock },
    wanted,
    PRODUCT_FIELD_LABELS,
  );
  if (changes.length === 0) return toProduct(before, await namesFor([before]), stockBefore);
  const stockChanged = typeof fields.stock === 'number' && fields.stock !== currentStock;
  delete wanted.stock;

  const target = { ...before, ...(storedFields(wanted) as Partial<ProductItem>) };
  const needsCheck =
    brandChanged || typeChanged || fields.extractTypeID !== undefined || (fields.productLineIDs ?? []).length > 0;
  if (needsCheck)
    await checkReferences({
      brandID: target.brandID,
      typeID: target.typeID,
      ...(fields.extractTypeID ? { extractTypeID: fields.extractTypeID } : {}),
      ...(wanted.productLineIDs ? { productLineIDs: wanted.productLineIDs as string[] } : {}),
    });

  const now = new Date().toISOString();
  const set = { ...(storedFields(wanted) as Partial<ProductItem>), modifiedOn: now };
  const ledgerIndex = 2 + (brandChanged ? 2 : 0) + (typeChanged ? 2 : 0);
  await commitOrExplain(
    () =>
      db()
        .transaction.write((e) => [
          e.product
            .patch({ productId })
            .set(set)
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, before.version))
            .commit(),
          e.changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'product',
                entityId: productId,
                action: 'update',
                changes,
                ...(notes ? { notes } : {}),
                at: now,
              }),
            )
            .commit(),
          ...(brandChanged
            ? [
                e.brand.patch({ brandId: target.brandID }).add({ productCount: 1 }).commit(),
                e.brand.patch({ brandId: before.brandID }).add({ productCount: -1 }).commit(),
              ]
            : []),
          ...(typeChanged
            ? [
                e.productType.patch({ id: target.typeID }).add({ productCount: 1 }).commit(),
                e.productType.patch({ id: before.typeID }).add({ productCount: -1 }).commit(),
              ]
            : []),
          ...(stockChanged
            ? ledgerUpdates([{ kind: 'setStock', productId, value: fields.stock!, expect: currentStock }]).map(
                transactItem,
              )
            : []),
        ])
        .go(),
    (failed) => {
      if (failed.includes(0)) return new ConflictError('The product changed while saving; reload and try again');
      if (stockChanged && failed.length === 1 && failed[0] === ledgerIndex)
        return new ConflictError('The stock changed while saving (an order moved it); reload and try again');
      return new BadRequestError(brandChanged && failed.includes(2) ? 'Brand not found' : 'Type not found');
    },
  ).catch(async (error: unknown) => {
    if (error instanceof ConflictError && !(await getProductItem(productId)))
      throw new NotFoundError('Product not found');
    throw error;
  });
  const after = { ...target, modifiedOn: now, version: before.version + 1 } as ProductItem;
  return toProduct(after, await namesFor([after]), await readStockFor([productId]));
}

// ---------------------------------------------------------------------------------------------- batches

export interface NewBatch {
  batchNumber: string;
  receivedOn: string;
  isCheckedIn?: boolean;
  initialQuantity: number;
}

/** A batch's tracked fields: the item's and its remaining units (from the ledger). */
type BatchFields = Partial<BatchItem> & { remainingQuantity?: number };

const batchChanges = (batchNumber: string, before: BatchFields | undefined, after: BatchFields) =>
  diffChanges<Record<string, unknown>>(before, after, BATCH_FIELD_LABELS).map((c) => ({
    ...c,
    field: 'batch',
    subfield: batchNumber,
  }));

/** Adds a batch to a product, with a change-log entry on the product (field `batch`, subfield the batch number). */
export async function addBatch(productId: string, input: NewBatch, by: Actor): Promise<Batch> {
  const now = new Date().toISOString();
  const item: BatchItem = {
    productId,
    batchId: randomUUID(),
    batchNumber: input.batchNumber,
    receivedOn: input.receivedOn,
    isCheckedIn: input.isCheckedIn ?? false,
    initialQuantity: input.initialQuantity,
    version: 1,
    createdAt: now,
    modifiedOn: now,
  };
  const { productId: _p, batchId: _b, createdAt: _c, modifiedOn: _m, version: _v, ...fields } = item;
  const tracked = { ...fields, remainingQuantity: input.initialQuantity };
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ product, batch, changeLog }) => [
          product
            .check({ productId })
            .where(({ sku }, { exists }) => exists(sku))
            .commit(),
          batch.create(item).commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'product',
                entityId: productId,
                action: 'update',
                changes: batchChanges(item.batchNumber, undefined, tracked),
                at: now,
              }),
            )
            .commit(),
          ...ledgerUpdates([
            {
              kind: 'addBatch',
              productId,
              batchId: item.batchId,
              remaining: input.initialQuantity,
              free: input.initialQuantity,
            },
          ]).map(transactItem),
        ])
        .go(),
    (failed) =>
      failed.includes(0) ? new NotFoundError('Product not found') : new ConflictError('This batch already exists'),
  );
  return toBatch(item, await readStockFor([productId]));
}

export interface BatchChanges {
  batchNumber?: string;
  receivedOn?: string;
  isCheckedIn?: boolean;
  remainingQuantity?: number;
}

/** Checks a batch in or corrects it; optimistic on the batch's version. */
export async function updateBatch(productId: string, batchId: string, input: BatchChanges, by: Actor): Promise<Batch> {
  const [{ data: before }, stock] = await Promise.all([
    db().entities.batch.get({ productId, batchId }).go(),
    readStockFor([productId]),
  ]);
  if (!before) throw new NotFoundError('Batch not found');
  const remainingBefore = stock.remaining(batchId);
  const changes = batchChanges(
    input.batchNumber ?? before.batchNumber,
    { ...before, remainingQuantity: remainingBefore },
    input,
  );
  if (changes.length === 0) return toBatch(before, stock);
  const { remainingQuantity, ...batchFields } = input;
  const remainingChanged = remainingQuantity !== undefined && remainingQuantity !== remainingBefore;
  const now = new Date().toISOString();
  await commitOrExplain(
    () =>
      db()
        .transaction.write(({ batch, changeLog }) => [
          batch
            .patch({ productId, batchId })
            .set({ ...batchFields, modifiedOn: now })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, before.version))
            .commit(),
          changeLog
            .create(
              changeEntry({
                caller: by,
                entityType: 'product',
                entityId: productId,
                action: 'update',
                changes,
                at: now,
              }),
            )
            .commit(),
          // A correction of the remaining units moves the free units by as much (reservations stay).
          ...(remainingChanged
            ? ledgerUpdates([
                {
                  kind: 'setBatch',
                  productId,
                  batchId,
                  remaining: remainingQuantity,
                  freeDelta: remainingQuantity - remainingBefore,
                  expect: remainingBefore,
                },
              ]).map(transactItem)
            : []),
        ])
        .go(),
    () => new ConflictError('The batch changed while saving; reload and try again'),
  );
  return toBatch({ ...before, ...batchFields }, await readStockFor([productId]));
}

// ---------------------------------------------------------------------------------------------- bulk

export type BulkProduct = NewProduct & { batches?: NewBatch[] };

/**
 * Seeding path: creates many products with the same item shapes, SKU counters, SKU guards, counts and
 * change-log entries as `createProduct`, but with BatchWriteItem instead of one transaction each.
 * SKU numbers are reserved per prefix with one `ADD n`, and the guards are read first (BatchGet) so a
 * SKU already taken is skipped. Meant for seeds and benchmarks, not for concurrent use with brand
 * removal: the counts are added after the items (one UpdateItem per brand and type).
 */
export async function createProductsBulk(
  inputs: BulkProduct[],
  by: Actor,
  { at }: { at?: string } = {},
): Promise<Product[]> {
  const names = await loadCatalogNames();
  const brands = new Map(names.brandItems.map((b) => [b.brandId, b]));
  const typeItems = new Map(
    (await db().entities.productType.query.all({}).go({ pages: 'all' })).data.map((t) => [t.id, t]),
  );
  const byPrefix = new Map<string, number[]>();
  inputs.forEach((input, index) => {
    const brand = brands.get(input.brandID);
    const type = typeItems.get(input.typeID);
    if (!brand) throw new BadRequestError(`Brand not found (product ${index})`);
    if (!type) throw new BadRequestError(`Type not found (product ${index})`);
    if (input.extractTypeID && !names.extractTypes.get(input.extractTypeID))
      throw new BadRequestError(`Extract type not found (product ${index})`);
    const prefix = skuPrefix(brand, type.name);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), index]);
  });

  const skus: string[] = new Array<string>(inputs.length);
  for (const [prefix, indexes] of byPrefix) {
    let pending = indexes;
    while (pending.length > 0) {
      const first = await takeSequence(prefix, pending.length);
      const candidates = pending.map((index, i) => {
        const input = inputs[index]!;
        return { index, sku: formatSku(brands.get(input.brandID)!, typeItems.get(input.typeID)!.name, first + i) };
      });
      const { data: taken } = await db()
        .entities.skuGuard.get(candidates.map((c) => ({ sku: c.sku })))
        .go();
      const takenSet = new Set(taken.map((t) => t.sku));
      for (const c of candidates) if (!takenSet.has(c.sku)) skus[c.index] = c.sku;
      pending = candidates.filter((c) => takenSet.has(c.sku)).map((c) => c.index);
    }
  }

  // Seeds may date the catalogue (and its opening-stock entries) before the demo orders.
  const now = at ?? new Date().toISOString();
  const items = inputs.map((input, i) => newProductItem(input, skus[i]!, randomUUID(), now));
  const batches = inputs.flatMap((input, i) =>
    (input.batches ?? []).map((b): BatchItem => ({
      productId: items[i]!.productId,
      batchId: randomUUID(),
      batchNumber: b.batchNumber,
      receivedOn: b.receivedOn,
      isCheckedIn: b.isCheckedIn ?? false,
      initialQuantity: b.initialQuantity,
      version: 1,
      createdAt: now,
      modifiedOn: now,
    })),
  );
  const entries = [
    ...items.map((item, i) =>
      changeEntry({
        caller: by,
        entityType: 'product',
        entityId: item.productId,
        action: 'create',
        changes: productCreateChanges(item, inputs[i]!.stock ?? 0),
        at: now,
      }),
    ),
    ...batches.map((b) =>
      changeEntry({
        caller: by,
        entityType: 'product',
        entityId: b.productId,
        action: 'update',
        changes: batchChanges(b.batchNumber, undefined, {
          batchNumber: b.batchNumber,
          receivedOn: b.receivedOn,
          isCheckedIn: b.isCheckedIn,
          initialQuantity: b.initialQuantity,
          remainingQuantity: b.initialQuantity,
        }),
        at: now,
      }),
    ),
  ];
  const options = { concurrency: 8 };
  const results = await Promise.all([
    db()
      .entities.skuGuard.put(items.map((i) => ({ sku: i.sku, productId: i.productId })))
      .go(options),
    db().entities.product.put(items).go(options),
    batches.length ? db().entities.batch.put(batches).go(options) : { unprocessed: [] },
    db().entities.changeLog.put(entries).go(options),
  ]);
  if (results.some((r) => r.unprocessed.length > 0)) throw new Error('Some catalogue items were not written');
  await applyLedgerChanges([
    ...items.map((item, i) => ({
      kind: 'add' as const,
      productId: item.productId,
      counter: 'stock' as const,
      amount: inputs[i]!.stock ?? 0,
    })),
    ...batches.map((b) => ({
      kind: 'addBatch' as const,
      productId: b.productId,
      batchId: b.batchId,
      remaining: b.initialQuantity,
      free: b.initialQuantity,
    })),
  ]);

  const count = (key: 'brandID' | 'typeID') => [
    ...items.reduce((m, i) => m.set(i[key], (m.get(i[key]) ?? 0) + 1), new Map<string, number>()),
  ];
  await Promise.all([
    ...count('brandID').map(([brandId, n]) => db().entities.brand.patch({ brandId }).add({ productCount: n }).go()),
    ...count('typeID').map(([id, n]) => db().entities.productType.patch({ id }).add({ productCount: n }).go()),
  ]);
  const stock = await readStockFor(items.map((i) => i.productId));
  return items.map((item) => toProduct(item, names, stock)).sort(byName);
}

// ---------------------------------------------------------------------------------------------- migrations

/**
 * One-off migration for tables written before the `byType` index (issue 4): gives every product item
 * that lacks them its gsi3 keys, by re-setting `typeID` (ElectroDB rebuilds the keys of the indexes it
 * composes). Reads the product listing (Queries of the gsi2 shards, not a Scan); idempotent, and a
 * no-op once every item has the keys. Returns how many items were fixed.
 */
export async function backfillProductTypeIndex(): Promise<number> {
  const shards = await Promise.all(
    Array.from({ length: PRODUCT_LIST_SHARDS }, (_, shard) =>
      db()
        .entities.product.query.all({ shard: String(shard) })
        .go({ pages: 'all', data: 'includeKeys' }),
    ),
  );
  const withKeys = shards.flatMap((s) => s.data as Array<ProductItem & { gsi3pk?: string }>);
  const missing = withKeys.filter((item) => item.gsi3pk === undefined);
  for (let i = 0; i < missing.length; i += 25)
    await Promise.all(
      missing
        .slice(i, i + 25)
        .map((item) => db().entities.product.patch({ productId: item.productId }).set({ typeID: item.typeID }).go()),
    );
  return missing.length;
}
