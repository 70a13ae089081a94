import { randomUUID } from 'node:crypto';
import { formatSku, type AddProductBody, type Product } from '@bo/shared';
import { type Actor, BadRequestError, ConflictError } from '../../domain';
import { exists, transaction } from '../core';
import { logChange } from '../change-log';
import { brandEntity, productLineEntity } from '../brands';
import { extractTypeEntity, getNamedItems, productTypeEntity } from '../product-types';
import { readStockFor } from '../stock-ledger';
import { type ProductItem, productEntity, shardOf } from './entity';
import { addLedgerChanges } from './ledger';
import { addMonthMoves } from '../stock-moves/months';
import { productCreateChanges, storedFields, toProduct } from './records';
import { checkReferences } from './references';
import { skuPrefix, takeSequence } from './sku';
import { skuGuardEntity } from './sku-entity';

/**
 * The input of `createProduct`: the parsed `addProductBody` (defaults applied); an import may name the SKU a product
 * moving in keeps (the routes never do: their SKUs come from the counter).
 */
export type NewProduct = AddProductBody & { sku?: string };

export function newProductItem(input: NewProduct, sku: string, productId: string, now: string): ProductItem {
  const { stock: _stock, sku: _sku, ...fields } = storedFields(input);
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

class SkuTaken extends Error {}

const MAX_SKU_ATTEMPTS = 20;

/** The domain error of a cancelled create, by the first of its items (in this order) whose condition failed. */
const explainCreate = (failed: ReadonlySet<string>): Error => {
  if (failed.has('sku guard')) return new SkuTaken();
  if (failed.has('product')) return new ConflictError('A product with this id already exists');
  if (failed.has('brand count')) return new BadRequestError('Brand not found');
  if (failed.has('type count')) return new BadRequestError('Type not found');
  if (failed.has('extract type')) return new BadRequestError('Extract type not found');
  if ([...failed].some((name) => name.startsWith('line '))) return new BadRequestError('Product line not found');
  return new ConflictError('A product with this id already exists');
};

/** The create transaction: every item named, so a cancellation is explained by what failed. */
function createTransaction(item: ProductItem, stock: number, by: Actor) {
  const tx = transaction()
    .put('sku guard', skuGuardEntity, { sku: item.sku, productId: item.productId }, { ifAbsent: true })
    .put('product', productEntity, item, { ifAbsent: true })
    .update('brand count', brandEntity, { brandId: item.brandID }, { add: { productCount: 1 } })
    .update('type count', productTypeEntity, { id: item.typeID }, { add: { productCount: 1 } });
  logChange(tx, {
    caller: by,
    entityType: 'product',
    entityId: item.productId,
    action: 'create',
    changes: productCreateChanges(item, stock),
    at: item.createdAt,
  });
  if (item.extractTypeID) tx.check('extract type', extractTypeEntity, { id: item.extractTypeID }, exists('name'));
  for (const lineId of item.productLineIDs)
    tx.check(`line ${lineId}`, productLineEntity, { brandId: item.brandID, lineId }, exists('name'));
  // The opening stock is the product's first movement (the inventory reports' month figures).
  addMonthMoves(tx, item.createdAt, [{ productId: item.productId, units: stock }]);
  return addLedgerChanges(tx, [{ kind: 'setStock', productId: item.productId, value: stock }]);
}

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
  let sequence = input.sku ? 0 : await takeSequence(prefix);
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    const item = newProductItem(input, input.sku ?? formatSku(brand, type.name, sequence), productId, now);
    try {
      await createTransaction(item, input.stock ?? 0, by).commit(explainCreate);
    } catch (error) {
      if (error instanceof SkuTaken && input.sku) throw new ConflictError(`SKU ${input.sku} is taken`);
      if (!(error instanceof SkuTaken) || attempt >= MAX_SKU_ATTEMPTS) throw error;
      sequence = await takeSequence(prefix);
      continue;
    }
    const [extracts, stock] = await Promise.all([
      getNamedItems('extractType', item.extractTypeID ? [item.extractTypeID] : []),
      readStockFor([productId]),
    ]);
    const names = {
      brands: new Map([[brand.brandId, { name: brand.name }]]),
      types: new Map([[type.id, { name: type.name }]]),
      extractTypes: new Map(extracts.map((e) => [e.id, { name: e.name }])),
    };
    return toProduct(item, names, stock);
  }
}
