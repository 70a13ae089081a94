import { randomUUID } from 'node:crypto';
import { formatSku, type Product } from '@bo/shared';
import { type Actor, BadRequestError } from '../../domain';
import { update } from '../core';
import { batchPut } from '../core/batch-write';
import { changeEntry, changeLogEntity } from '../change-log';
import { brandEntity } from '../brands';
import { listNamedItems, productTypeEntity } from '../product-types';
import { applyLedgerChanges, readStockFor } from '../stock-ledger';
import { applyMonthMoves } from '../stock-moves/months';
import { type BatchItem, batchEntity } from './batch-entity';
import { type NewBatch, newBatchItem } from './batches';
import { type NewProduct, newProductItem } from './create';
import { productEntity } from './entity';
import { loadCatalogNames } from './names';
import { productIdsBySku } from './reads';
import { batchChanges, byName, productCreateChanges, toProduct } from './records';
import { skuPrefix, takeSequence } from './sku';
import { skuGuardEntity } from './sku-entity';
import { mapLimit } from '../map-limit';

export type BulkProduct = NewProduct & { batches?: NewBatch[] };

/** BatchWriteItem requests in flight at once per kind of item (four kinds are written side by side). */
const WRITES_AT_ONCE = { concurrency: 8 };

/** SKUs for every input, numbers reserved per prefix with one `ADD n`; SKUs already taken are skipped. */
export async function assignSkus(
  inputs: readonly BulkProduct[],
  prefixOf: (input: BulkProduct) => string,
  skuOf: (input: BulkProduct, sequence: number) => string,
): Promise<string[]> {
  const byPrefix = new Map<string, number[]>();
  inputs.forEach((input, index) => byPrefix.set(prefixOf(input), [...(byPrefix.get(prefixOf(input)) ?? []), index]));
  const skus = new Array<string>(inputs.length);
  await mapLimit([...byPrefix], 8, async ([prefix, indexes]) => {
    let pending = indexes;
    while (pending.length > 0) {
      const first = await takeSequence(prefix, pending.length);
      const candidates = pending.map((index, i) => ({ index, sku: skuOf(inputs[index]!, first + i) }));
      const taken = await productIdsBySku(candidates.map((c) => c.sku));
      for (const c of candidates) if (!taken.has(c.sku)) skus[c.index] = c.sku;
      pending = candidates.filter((c) => taken.has(c.sku)).map((c) => c.index);
    }
  });
  return skus;
}

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
  const typeItems = new Map((await listNamedItems('productType')).map((t) => [t.id, t]));
  inputs.forEach((input, index) => {
    if (!brands.get(input.brandID)) throw new BadRequestError(`Brand not found (product ${index})`);
    if (!typeItems.get(input.typeID)) throw new BadRequestError(`Type not found (product ${index})`);
    if (input.extractTypeID && !names.extractTypes.get(input.extractTypeID))
      throw new BadRequestError(`Extract type not found (product ${index})`);
  });
  const skus = await assignSkus(
    inputs,
    (input) => skuPrefix(brands.get(input.brandID)!, typeItems.get(input.typeID)!.name),
    (input, sequence) => formatSku(brands.get(input.brandID)!, typeItems.get(input.typeID)!.name, sequence),
  );

  // Seeds may date the catalogue (and its opening-stock entries) before the demo orders.
  const now = at ?? new Date().toISOString();
  const items = inputs.map((input, i) => newProductItem(input, skus[i]!, randomUUID(), now));
  const batches = inputs.flatMap((input, i) =>
    (input.batches ?? []).map((b): BatchItem => newBatchItem(items[i]!.productId, b, now)),
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
  await Promise.all([
    batchPut(
      skuGuardEntity,
      items.map((i) => ({ sku: i.sku, productId: i.productId })),
      WRITES_AT_ONCE,
    ),
    batchPut(productEntity, items, WRITES_AT_ONCE),
    batchPut(batchEntity, batches, WRITES_AT_ONCE),
    batchPut(changeLogEntity, entries, WRITES_AT_ONCE),
  ]);
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
  // The opening stock as the month's movement (after the ledger, as seeding writes it: not in one transaction).
  await applyMonthMoves(
    now,
    items.map((item, i) => ({ productId: item.productId, units: inputs[i]!.stock ?? 0 })),
  );

  const count = (key: 'brandID' | 'typeID') => [
    ...items.reduce((m, i) => m.set(i[key], (m.get(i[key]) ?? 0) + 1), new Map<string, number>()),
  ];
  await Promise.all([
    ...count('brandID').map(([brandId, n]) => update(brandEntity, { brandId }, { add: { productCount: n } })),
    ...count('typeID').map(([id, n]) => update(productTypeEntity, { id }, { add: { productCount: n } })),
  ]);
  const stock = await readStockFor(items.map((i) => i.productId));
  return items.map((item) => toProduct(item, names, stock)).sort(byName);
}
