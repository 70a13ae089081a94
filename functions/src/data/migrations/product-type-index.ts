import { queryRaw, update } from '../core';
import { PRODUCT_LIST_SHARDS, type ProductItem, productEntity } from '../products/entity';

/**
 * One-off migration for tables written before the `byType` index (issue 4): gives every product item
 * that lacks them its gsi3 keys, by setting `typeID` again (an update that sets a composite attribute
 * writes the keys of the indexes it composes). Reads the product listing (Queries of the gsi2 shards, not
 * a Scan); idempotent, and a no-op once every item has the keys. Returns how many items were fixed.
 */
export async function backfillProductTypeIndex(): Promise<number> {
  const shards = await Promise.all(
    Array.from({ length: PRODUCT_LIST_SHARDS }, (_, shard) =>
      queryRaw(productEntity.keyCondition('all', { shard: String(shard) })),
    ),
  );
  const missing = shards
    .flatMap((s) => s.items)
    .filter((item) => productEntity.owns(item) && item.gsi3pk === undefined)
    .map((item) => productEntity.fromItem(item) as ProductItem);
  for (let i = 0; i < missing.length; i += 25)
    await Promise.all(
      missing
        .slice(i, i + 25)
        .map((item) => update(productEntity, { productId: item.productId }, { set: { typeID: item.typeID } })),
    );
  return missing.length;
}
