import { randomUUID } from 'node:crypto';
import { cartLineKey, isOnMenus, toCents, type OrderLineInput } from '@bo/shared';
import { BadRequestError } from '../../domain';
import type { Catalog, CatalogNames, ProductItem } from './catalog';
import type { StoredLine } from './entity';

/** The product fields a line keeps from when it was added (its invoice reads the same after catalogue edits). */
export type ProductSnapshot = Omit<
  StoredLine,
  'id' | 'batchId' | 'batchNumber' | 'quantity' | 'priceCents' | 'tagsPulled'
>;

/** A line's product snapshot, taken from the catalogue now. */
export const freshSnapshot = (product: ProductItem, names: CatalogNames | undefined): ProductSnapshot => {
  const extractType = product.extractTypeID ? names?.extractTypes.get(product.extractTypeID)?.name : undefined;
  return {
    productId: product.productId,
    sku: product.sku,
    baseCents: product.basePriceCents,
    ...(product.costCents === undefined ? {} : { costCents: product.costCents }),
    name: product.name,
    brandId: product.brandID,
    brand: names?.brands.get(product.brandID)?.name ?? '',
    type: names?.types.get(product.typeID)?.name ?? '',
    ...(product.genetics ? { genetics: product.genetics } : {}),
    ...(extractType ? { extractType } : {}),
    ...(product.weight === undefined ? {} : { weight: product.weight }),
    shouldHaveTag: product.hasBatch,
  };
};

const snapshotOf = ({
  id: _id,
  batchId: _b,
  batchNumber: _n,
  quantity: _q,
  priceCents: _p,
  tagsPulled: _t,
  ...snapshot
}: StoredLine): ProductSnapshot => snapshot;

/**
 * The stored lines for the lines sent: duplicates (the same cart line: SKU and batch) merged, lines of 0 units
 * dropped; a product off the menus (rules/catalog) cannot be ordered.
 * A line whose id matches an existing line of the same SKU keeps that line's product snapshot (its invoice
 * reads the same after catalogue edits); other lines take a fresh snapshot from the catalogue.
 */
export function buildLines(
  inputs: readonly OrderLineInput[],
  catalog: Catalog,
  existing: readonly StoredLine[],
): StoredLine[] {
  const previous = new Map(existing.map((l) => [l.id, l]));
  const merged = new Map<string, StoredLine>();
  for (const input of inputs) {
    if (input.quantity <= 0) continue;
    const productId = catalog.productIdOf.get(input.productSku)!;
    const batchId = input.productBatchId ?? null;
    const batch = batchId ? catalog.batches.get(batchId) : undefined;
    if (batchId && (!batch || batch.productId !== productId))
      throw new BadRequestError(`Batch ${batchId} is not a batch of ${input.productSku}`);
    const kept = input.id ? previous.get(input.id) : undefined;
    const same = kept && kept.sku === input.productSku ? kept : undefined;
    const product = same ? undefined : catalog.products.get(productId);
    if (!same && !product) throw new BadRequestError(`Unknown product SKU: ${input.productSku}`);
    if (product && !isOnMenus(product))
      throw new BadRequestError(
        `${product.name} (${product.sku}) is ${product.status.toLowerCase()} and cannot be ordered`,
      );
    const key = cartLineKey(input);
    const prior = merged.get(key);
    if (prior) {
      prior.quantity += input.quantity;
      continue;
    }
    merged.set(key, {
      ...(same ? snapshotOf(same) : freshSnapshot(product!, catalog.names)),
      id: same?.id ?? randomUUID(),
      batchId,
      ...(batch ? { batchNumber: batch.batchNumber } : {}),
      quantity: input.quantity,
      priceCents: toCents(input.unitPrice),
      tagsPulled: batchId ? (input.tagsPulled ?? same?.tagsPulled ?? false) : false,
    });
  }
  return [...merged.values()];
}
