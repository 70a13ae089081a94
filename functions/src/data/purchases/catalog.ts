import { PURCHASE_LINE_REFUSALS, isPurchasable, toCents, type PurchaseOrderItemInput } from '@bo/shared';
import { BadRequestError } from '../../domain';
import { type BrandItem, getBrandItem } from '../brands';
import { getProductItemsByIds, productIdsBySku } from '../products';
import { namesFor } from '../products/names';
import type { StoredPurchaseLine } from './entity';

/**
 * A purchase order's lines from the client's items: the brand and each new SKU read from the catalogue
 * (one Get, one BatchGet of SKU guards, one of products, the names they need), refused with a 400 naming
 * the SKUs that are unknown, of another brand, INACTIVE or HIDDEN. The snapshot (name, brand, type, …)
 * comes from the catalogue; unit cost from the item, else the product's cost. Lines already on the order
 * keep their snapshot; a received line cannot change. 0-unit lines are dropped.
 */
export async function buildPurchaseLines(
  brandId: string,
  items: readonly PurchaseOrderItemInput[],
  existing: readonly StoredPurchaseLine[] = [],
): Promise<{ brand: BrandItem; lines: StoredPurchaseLine[] }> {
  const kept = new Map(existing.map((l) => [l.sku, l]));
  const fresh = items.filter((i) => !kept.has(i.productSku));
  const [brand, ids] = await Promise.all([
    getBrandItem(brandId),
    fresh.length ? productIdsBySku(fresh.map((i) => i.productSku)) : new Map<string, string>(),
  ]);
  if (!brand) throw new BadRequestError('Brand not found (brandID)');
  const unknown = fresh.filter((i) => !ids.has(i.productSku)).map((i) => i.productSku);
  if (unknown.length) throw new BadRequestError(PURCHASE_LINE_REFUSALS.unknown(unknown));
  const products = fresh.length ? await getProductItemsByIds([...ids.values()]) : new Map();
  const productOf = (sku: string) => products.get(ids.get(sku)!)!;
  const missing = fresh.filter((i) => !products.has(ids.get(i.productSku)!)).map((i) => i.productSku);
  if (missing.length) throw new BadRequestError(PURCHASE_LINE_REFUSALS.unknown(missing));
  const otherBrand = fresh.filter((i) => productOf(i.productSku).brandID !== brandId).map((i) => i.productSku);
  if (otherBrand.length) throw new BadRequestError(PURCHASE_LINE_REFUSALS.otherBrand(otherBrand, brand.name));
  const hidden = fresh.filter((i) => !isPurchasable(productOf(i.productSku).status)).map((i) => i.productSku);
  if (hidden.length) throw new BadRequestError(PURCHASE_LINE_REFUSALS.notPurchasable(hidden));
  checkReceivedLines(items, existing);

  const names = fresh.length ? await namesFor([...products.values()]) : undefined;
  const lines = items
    .filter((i) => i.orderQuantity > 0)
    .map((item): StoredPurchaseLine => {
      const before = kept.get(item.productSku);
      const unitCostCents = item.unitCost === undefined ? undefined : toCents(item.unitCost);
      if (before)
        return { ...before, quantity: item.orderQuantity, unitCostCents: unitCostCents ?? before.unitCostCents };
      const p = productOf(item.productSku);
      const extractType = p.extractTypeID ? names!.extractTypes.get(p.extractTypeID)?.name : undefined;
      return {
        productId: p.productId,
        sku: p.sku,
        name: p.name,
        brand: brand.name,
        type: names!.types.get(p.typeID)?.name ?? '',
        ...(p.genetics ? { genetics: p.genetics } : {}),
        ...(extractType ? { extractType } : {}),
        ...(p.weight === undefined ? {} : { weight: p.weight }),
        quantity: item.orderQuantity,
        unitCostCents: unitCostCents ?? p.costCents ?? 0,
        hasBatch: p.hasBatch,
        hasBeenStocked: false,
      };
    });
  return { brand, lines };
}

/** A received line is on the shelf: it stays on the order with its quantity and cost. */
function checkReceivedLines(items: readonly PurchaseOrderItemInput[], existing: readonly StoredPurchaseLine[]) {
  const bySku = new Map(items.map((i) => [i.productSku, i]));
  const changed = existing
    .filter((l) => l.hasBeenStocked)
    .filter((l) => {
      const item = bySku.get(l.sku);
      return (
        !item ||
        item.orderQuantity !== l.quantity ||
        (item.unitCost !== undefined && toCents(item.unitCost) !== l.unitCostCents)
      );
    })
    .map((l) => l.sku);
  if (changed.length)
    throw new BadRequestError(
      `These lines have been received into stock and cannot be changed or removed: ${changed.slice(0, 10).join(', ')}`,
    );
}
