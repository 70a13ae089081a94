import {
  mayPriceOnCost,
  previewMargin,
  refreshedReference,
  toCents,
  type MarginRule,
  type MarginScope,
  type Role,
  type SetMarginBody,
} from '@bo/shared';
import { type Actor, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain';
import {
  type ProductItem,
  getProductItemsByIds,
  listProductItems,
  listProductItemsByBrand,
  listProductItemsByType,
} from '../products';
import { writePriceChanges } from './price-writes';
import { getCustomerWithPriceItems, pricesOf } from './reads';
import { describeRule, productPrices, storedPrice } from './records';
import { refreshSnapshotFor } from './snapshot';

/** The price-setting operations: each validates everything first, then writes through `writePriceChanges`. */

export const COST_MARGIN_REFUSED = 'Cost-based margins are available only to roles that may see costs.';
export const STALE_PREVIEW = 'Prices changed since the preview. Preview the margin again.';

/** Duplicate ids in one request are refused (each product takes one price per request). */
function checkUnique(ids: readonly string[]) {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new BadRequestError(`Product ${id} is listed more than once`);
    seen.add(id);
  }
}

const listIds = (ids: readonly string[]) =>
  ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more`;

/** Every id must be a product: 400 naming the unknown ones, before anything is written. */
async function requireProducts(ids: readonly string[]): Promise<Map<string, ProductItem>> {
  const products = await getProductItemsByIds(ids);
  const missing = [...new Set(ids)].filter((id) => !products.has(id));
  if (missing.length)
    throw new BadRequestError(`Product${missing.length === 1 ? '' : 's'} not found: ${listIds(missing)}`, {
      productIds: missing,
    });
  return products;
}

/** Sets one fixed price on the given products; the reference is each product's base price now. */
export async function setFixedPrice(
  customerId: string,
  productIds: readonly string[],
  customPrice: number,
  by: Actor,
): Promise<number> {
  const ids = [...new Set(productIds)];
  const [{ prices }, products] = await Promise.all([pricesOf(customerId), requireProducts(ids)]);
  const priceCents = toCents(customPrice);
  const written = await writePriceChanges(
    customerId,
    ids.map((productId) => ({
      productId,
      next: { priceCents, source: 'fixed', referenceCents: products.get(productId)!.basePriceCents },
    })),
    prices,
    by,
  );
  await refreshSnapshotFor(customerId);
  return written;
}

/**
 * Sets each product's own fixed price (Set Margin in the spec's form: prices computed by the client, no
 * rule); the reference is each product's base price now.
 */
export async function setFixedPrices(
  customerId: string,
  entries: ReadonlyArray<{ productId: string; customPrice: number }>,
  by: Actor,
): Promise<number> {
  checkUnique(entries.map((e) => e.productId));
  const [{ prices }, products] = await Promise.all([
    pricesOf(customerId),
    requireProducts(entries.map((e) => e.productId)),
  ]);
  const written = await writePriceChanges(
    customerId,
    entries.map(({ productId, customPrice }) => ({
      productId,
      next: {
        priceCents: toCents(customPrice),
        source: 'fixed',
        referenceCents: products.get(productId)!.basePriceCents,
      },
    })),
    prices,
    by,
  );
  await refreshSnapshotFor(customerId);
  return written;
}

/** Removes the prices of these products (those without a price are skipped). */
export async function deletePrices(customerId: string, productIds: readonly string[], by: Actor): Promise<number> {
  const { prices } = await pricesOf(customerId);
  const ids = [...new Set(productIds)];
  const written = await writePriceChanges(
    customerId,
    ids.map((productId) => ({ productId, next: null })),
    prices,
    by,
  );
  await refreshSnapshotFor(customerId);
  return written;
}

/**
 * Copies every price of `fromId` onto `toId` with how it was set (source, rule, reference): the same
 * products are overwritten, the target's other prices are kept.
 */
export async function copyPrices(fromId: string, toId: string, by: Actor): Promise<number> {
  if (fromId === toId) throw new BadRequestError('Choose another customer to copy prices from');
  const [from, to] = await Promise.all([getCustomerWithPriceItems(fromId), pricesOf(toId)]);
  if (!from) throw new NotFoundError('Customer to copy from not found');
  const written = await writePriceChanges(
    toId,
    from.prices.map((p) => ({
      productId: p.productId,
      next: {
        priceCents: p.priceCents,
        source: p.source,
        ...(p.rule ? { rule: { ...p.rule } } : {}),
        ...(p.referenceCents === undefined ? {} : { referenceCents: p.referenceCents }),
      },
    })),
    to.prices,
    by,
    `Copied from ${from.customer.customerName}`,
  );
  await refreshSnapshotFor(toId);
  return written;
}

/** The products a margin scope covers: one Query of the brands' or types' index each, or the whole listing. */
async function productsInScope(scope: MarginScope): Promise<ProductItem[]> {
  if (scope.type === 'all') return listProductItems();
  const lists =
    scope.type === 'brands'
      ? await Promise.all([...new Set(scope.brandIds)].map(listProductItemsByBrand))
      : await Promise.all([...new Set(scope.typeIds)].map(listProductItemsByType));
  return lists.flat();
}

/**
 * Set Margin. Cost basis only for roles that may see costs (403). The server previews the margin
 * against today's products and every price sent must match its preview row (409 otherwise, nothing
 * written); products out of scope or skipped by the preview (reference price 0) are refused (400).
 * Writes source `margin`, the rule (without its scope) and the reference it was computed from.
 */
export async function setMargin(customerId: string, body: SetMarginBody, by: Actor): Promise<number> {
  if (body.rule.basis === 'cost' && !mayPriceOnCost(by.roles as Role[])) throw new ForbiddenError(COST_MARGIN_REFUSED);
  checkUnique(body.prices.map((p) => p.productId));
  const [{ prices }, products] = await Promise.all([pricesOf(customerId), productsInScope(body.scope)]);
  const rows = new Map(
    previewMargin(
      products.map((p) => ({ id: p.productId, brandID: p.brandID, typeID: p.typeID, ...productPrices(p) })),
      body.rule,
      body.scope,
    ).map((r) => [r.productId, r]),
  );
  const outside = body.prices.filter((p) => !rows.has(p.productId)).map((p) => p.productId);
  if (outside.length)
    throw new BadRequestError(`Not in the margin's scope (or not a product): ${listIds(outside)}`, {
      productIds: outside,
    });
  const skipped = body.prices.filter((p) => rows.get(p.productId)!.skipped).map((p) => p.productId);
  if (skipped.length)
    throw new BadRequestError(
      `No ${body.rule.basis === 'cost' ? 'cost' : 'base price'} to price from (these keep their base price): ${listIds(skipped)}`,
      { productIds: skipped },
    );
  const stale = body.prices.filter((p) => toCents(rows.get(p.productId)!.newPrice) !== toCents(p.customPrice));
  if (stale.length) throw new ConflictError(STALE_PREVIEW, { productIds: stale.map((p) => p.productId) });
  const rule: MarginRule = { ...body.rule };
  const written = await writePriceChanges(
    customerId,
    body.prices.map((p) => {
      const row = rows.get(p.productId)!;
      return {
        productId: p.productId,
        next: {
          priceCents: toCents(row.newPrice),
          source: 'margin',
          rule,
          referenceCents: toCents(row.referencePrice),
        },
      };
    }),
    prices,
    by,
    describeRule(rule),
  );
  await refreshSnapshotFor(customerId);
  return written;
}

/**
 * Applies refresh updates (updateBulkCustomPricing, and the job for customers with automatic refresh).
 * Each product must already have a custom price (400 naming it otherwise); the price keeps how it was set
 * and records today's reference (`refreshedReference`), so the refresh no longer proposes it.
 */
export async function applyPricingUpdates(
  customerId: string,
  updates: ReadonlyArray<{ productId: string; newCustomPrice: number }>,
  by: Actor,
  options: { updateSnapshot?: boolean } = {},
): Promise<number> {
  checkUnique(updates.map((u) => u.productId));
  const { prices } = await pricesOf(customerId);
  const unpriced = updates.filter((u) => !prices.has(u.productId)).map((u) => u.productId);
  if (unpriced.length)
    throw new BadRequestError(
      `No custom price to update for product${unpriced.length === 1 ? '' : 's'} ${listIds(unpriced)}`,
      {
        productIds: unpriced,
      },
    );
  const products = await requireProducts(updates.map((u) => u.productId));
  const written = await writePriceChanges(
    customerId,
    updates.map((u) => {
      const before = prices.get(u.productId)!;
      const reference = refreshedReference(storedPrice(before), productPrices(products.get(u.productId)!));
      return {
        productId: u.productId,
        next: {
          priceCents: toCents(u.newCustomPrice),
          source: before.source,
          ...(before.rule ? { rule: { ...before.rule } } : {}),
          ...(reference === undefined ? {} : { referenceCents: toCents(reference) }),
        },
      };
    }),
    prices,
    by,
    'Pricing refresh',
  );
  if (options.updateSnapshot !== false) await refreshSnapshotFor(customerId);
  return written;
}
