import { diffChanges, type Product, type UpdateProductBody } from '@bo/shared';
import { type Actor, BadRequestError, ConflictError, NotFoundError } from '../../domain';
import { eq, transaction } from '../core';
import { logChange } from '../change-log';
import { brandEntity } from '../brands';
import { defined } from '../defined';
import { productTypeEntity } from '../product-types';
import { readStockFor } from '../stock-ledger';
import { type ProductItem, productEntity } from './entity';
import { addLedgerChanges } from './ledger';
import { addMonthMoves } from '../stock-moves/months';
import { namesFor } from './names';
import { PRODUCT_FIELD_LABELS, storedFields, toProduct, wireFields } from './records';
import { checkReferences } from './references';
import { getProductItem } from './reads';

const explainUpdate =
  (stockChanged: boolean) =>
  (failed: ReadonlySet<string>): Error => {
    if (failed.has('product')) return new ConflictError('The product changed while saving; reload and try again');
    if (stockChanged && [...failed].every((name) => name.startsWith('ledger ')))
      return new ConflictError('The stock changed while saving (an order moved it); reload and try again');
    return new BadRequestError(failed.has('new brand count') ? 'Brand not found' : 'Type not found');
  };

/**
 * Applies changed fields. `stock` with `notes` is a stock adjustment: the entry records the stock's
 * previous and new value with the notes. Changing brand or type keeps the SKU (it names the product,
 * not its classification) and moves the product between the brands' and types' counts; a brand change
 * without `productLineIDs` drops the old brand's lines. Optimistic: the update is conditioned on the
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
  const tx = transaction().update(
    'product',
    productEntity,
    { productId },
    { set: { ...defined(storedFields(wanted)), modifiedOn: now }, add: { version: 1 } },
    { condition: eq('version', before.version) },
  );
  logChange(tx, {
    caller: by,
    entityType: 'product',
    entityId: productId,
    action: 'update',
    changes,
    ...(notes ? { notes } : {}),
    at: now,
  });
  if (brandChanged)
    tx.update('new brand count', brandEntity, { brandId: target.brandID }, { add: { productCount: 1 } }).update(
      'old brand count',
      brandEntity,
      { brandId: before.brandID },
      { add: { productCount: -1 } },
    );
  if (typeChanged)
    tx.update('new type count', productTypeEntity, { id: target.typeID }, { add: { productCount: 1 } }).update(
      'old type count',
      productTypeEntity,
      { id: before.typeID },
      { add: { productCount: -1 } },
    );
  if (stockChanged) {
    addLedgerChanges(tx, [{ kind: 'setStock', productId, value: fields.stock!, expect: currentStock }]);
    // The ledger's `expect` makes the change exactly fields.stock − currentStock: the month records that.
    addMonthMoves(tx, now, [{ productId, units: fields.stock! - currentStock }]);
  }
  await tx.commit(explainUpdate(stockChanged)).catch(async (error: unknown) => {
    if (error instanceof ConflictError && !(await getProductItem(productId)))
      throw new NotFoundError('Product not found');
    throw error;
  });
  const after: ProductItem = { ...target, modifiedOn: now, version: before.version + 1 };
  return toProduct(after, await namesFor([after]), await readStockFor([productId]));
}
