import { randomUUID } from 'node:crypto';
import { formatSku } from '@bo/shared';
import { type Actor, BadRequestError } from '../../domain';
import { transaction } from '../core';
import { logChange } from '../change-log';
import { brandEntity, getBrandItems } from '../brands';
import { getNamedItems, productTypeEntity } from '../product-types';
import { assignSkus } from './bulk';
import { type NewProduct, newProductItem } from './create';
import { productEntity } from './entity';
import { addLedgerChanges } from './ledger';
import { addMonthMoves } from '../stock-moves/months';
import { productCreateChanges } from './records';
import { skuPrefix } from './sku';
import { skuGuardEntity } from './sku-entity';

/**
 * At most this many products per transaction: 3 items each (SKU guard, product, change-log entry) and, at worst
 * (every product of its own brand and type, in buckets of their own), a ledger bucket, a movement-month bucket, a
 * brand count and a type count each: 14 × 7 = 98 of the 100 a transaction holds.
 */
export const PRODUCTS_PER_TRANSACTION = 14;

/**
 * Creates several products in one transaction (an import's commit): the same items, conditions and change-log
 * entries as `createProduct`, with one `ADD n` per brand and type instead of one per product. Creating products
 * one by one makes every transaction update the same type's count, so concurrent creates mostly wait on each other;
 * here a group costs one transaction. A given SKU is kept (a product moving in); the others are numbered from
 * their prefix's counter, skipping SKUs already taken. All or nothing: a cancelled group throws, and the caller
 * creates its products one by one to find which failed. Products with extract types or product lines go through
 * `createProduct` (the import has neither).
 */
/** The brands and types of some products, 400 when one is missing. */
async function referencesOf(inputs: readonly NewProduct[]) {
  const [brands, types] = await Promise.all([
    getBrandItems(inputs.map((i) => i.brandID)),
    getNamedItems(
      'productType',
      inputs.map((i) => i.typeID),
    ),
  ]);
  const brandOf = new Map(brands.map((b) => [b.brandId, b]));
  const typeOf = new Map(types.map((t) => [t.id, t]));
  for (const input of inputs) {
    if (!brandOf.has(input.brandID)) throw new BadRequestError('Brand not found');
    if (!typeOf.has(input.typeID)) throw new BadRequestError('Type not found');
  }
  return { brandOf, typeOf };
}

/**
 * The products with a SKU each: those without one numbered from their prefix's counter (one `ADD n` per prefix
 * for all of them, prefixes side by side), skipping SKUs already taken. An import numbers a whole chunk at once.
 */
export async function numberProducts(inputs: readonly NewProduct[]): Promise<NewProduct[]> {
  const numbered = inputs.filter((i) => !i.sku);
  if (numbered.length === 0) return [...inputs];
  const { brandOf, typeOf } = await referencesOf(numbered);
  const assigned = await assignSkus(
    numbered,
    (i) => skuPrefix(brandOf.get(i.brandID)!, typeOf.get(i.typeID)!.name),
    (i, sequence) => formatSku(brandOf.get(i.brandID)!, typeOf.get(i.typeID)!.name, sequence),
  );
  const skuOf = new Map(numbered.map((input, i) => [input, assigned[i]!]));
  return inputs.map((input) => (input.sku ? input : { ...input, sku: skuOf.get(input)! }));
}

/**
 * Creates several products in one transaction (an import's commit): the same items, conditions and change-log
 * entries as `createProduct`, with one `ADD n` per brand and type instead of one per product. Creating products
 * one by one makes every transaction update the same type's count, so concurrent creates mostly wait on each other;
 * here a group costs one transaction. Products without a SKU are numbered first (`numberProducts`). All or
 * nothing: a cancelled group throws, and the caller creates its products one by one to find which failed. Products
 * with extract types or product lines go through `createProduct` (the import has neither).
 */
export async function createProductsTogether(inputs: readonly NewProduct[], by: Actor): Promise<void> {
  if (inputs.length > PRODUCTS_PER_TRANSACTION)
    throw new Error(`At most ${PRODUCTS_PER_TRANSACTION} products per transaction`);
  if (inputs.some((i) => i.extractTypeID || i.productLineIDs?.length))
    throw new BadRequestError('Extract types and product lines are created one product at a time');
  await referencesOf(inputs);
  const withSkus = await numberProducts(inputs);
  const now = new Date().toISOString();
  const items = withSkus.map((input) => newProductItem(input, input.sku!, randomUUID(), now));

  const tx = transaction();
  items.forEach((item, i) => {
    tx.put(`sku guard ${i}`, skuGuardEntity, { sku: item.sku, productId: item.productId }, { ifAbsent: true });
    tx.put(`product ${i}`, productEntity, item, { ifAbsent: true });
    logChange(
      tx,
      {
        caller: by,
        entityType: 'product',
        entityId: item.productId,
        action: 'create',
        changes: productCreateChanges(item, inputs[i]!.stock ?? 0),
        at: now,
      },
      `change log ${i}`,
    );
  });
  const counts = (key: 'brandID' | 'typeID') =>
    items.reduce((m, item) => m.set(item[key], (m.get(item[key]) ?? 0) + 1), new Map<string, number>());
  for (const [brandId, n] of counts('brandID'))
    tx.update(`brand count ${brandId}`, brandEntity, { brandId }, { add: { productCount: n } });
  for (const [id, n] of counts('typeID'))
    tx.update(`type count ${id}`, productTypeEntity, { id }, { add: { productCount: n } });
  addLedgerChanges(
    tx,
    items.map((item, i) => ({ kind: 'setStock' as const, productId: item.productId, value: inputs[i]!.stock ?? 0 })),
  );
  addMonthMoves(
    tx,
    now,
    items.map((item, i) => ({ productId: item.productId, units: inputs[i]!.stock ?? 0 })),
  );
  await tx.commit();
}
