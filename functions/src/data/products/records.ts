import { diffChanges, toCents, toDollars, type Batch, type FieldChange, type Product } from '@bo/shared';
import type { StockView } from '../stock-ledger';
import type { BatchItem } from './batch-entity';
import type { ProductItem } from './entity';

/**
 * Products as the API returns them: dollars on the wire (integer cents in the table), brand, type and
 * extract-type names joined at read time, stock figures from the stock ledger.
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
export const sortBatches = (batches: BatchItem[]) =>
  [...batches].sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.batchNumber.localeCompare(b.batchNumber));

export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en-US');

/** The wire (dollar) view of an item's tracked fields, for change-log diffs. */
export const wireFields = (item: Partial<ProductItem>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...item };
  for (const [wire, stored] of MONEY) {
    delete out[stored];
    if (item[stored] !== undefined) out[wire] = toDollars(item[stored]);
  }
  return out;
};

/** Wire fields (dollars) to stored attributes (cents). */
export const storedFields = (fields: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...fields };
  for (const [wire, stored] of MONEY) {
    delete out[wire];
    if (typeof fields[wire] === 'number') out[stored] = toCents(fields[wire]);
  }
  return out;
};

export const productCreateChanges = (item: ProductItem, stock: number): FieldChange[] =>
  diffChanges<Record<string, unknown>>(undefined, { ...wireFields(item), stock }, PRODUCT_FIELD_LABELS);

/** A batch's tracked fields: the item's and its remaining units (from the ledger). */
export type BatchFields = Partial<BatchItem> & { remainingQuantity?: number };

/** Batch changes are entries on the product (field `batch`, subfield the batch number). */
export const batchChanges = (batchNumber: string, before: BatchFields | undefined, after: BatchFields) =>
  diffChanges<Record<string, unknown>>(before, after, BATCH_FIELD_LABELS).map((c) => ({
    ...c,
    field: 'batch',
    subfield: batchNumber,
  }));
