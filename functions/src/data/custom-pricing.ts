import { randomUUID } from 'node:crypto';
import {
  byPendingChanges,
  isPendingUpdate,
  isPriceCustomized,
  mayPriceOnCost,
  previewMargin,
  proposeRefresh,
  refreshedReference,
  toCents,
  toDollars,
  type AllPricingUpdates,
  type CustomerPricingUpdates,
  type CustomerWithPricing,
  type CustomPrice,
  type FieldChange,
  type MarginRule,
  type MarginScope,
  type PriceSource,
  type PricingUpdate,
  type Product,
  type Role,
  type SetMarginBody,
} from '@bo/shared';
import { BadRequestError, ConflictError, DomainError, ForbiddenError, NotFoundError } from '../domain';
import { changeEntry } from './change-log';
import { customerNotFound, getCustomerWithPriceItems, listCustomerItems, ownerOf, toCustomer } from './customers';
import { RECENT_HISTORY, type CustomPriceItem } from './entities/custom-price';
import type { CustomerItem } from './entities/customer';
import { SNAPSHOT_CHUNK, type PricingSnapshotEntryItem } from './entities/pricing-snapshot';
import type { ProductItem } from './entities/product';
import {
  getProductItemsByIds,
  listProductItems,
  listProductItemsByBrand,
  listProductItemsByType,
  loadCatalogNames,
  toProduct,
  type CatalogNames,
} from './products';
import { brandNotFound, getBrandItem } from './brands';
import { db } from './service';
import { readStockLedger } from './stock-ledger';
import { commitOrExplain, type Actor } from './transaction';
import { mapLimit } from './map-limit';

/**
 * Custom prices, margin pricing and the pricing refresh (issue 4).
 *
 * Writes. Every price change is a put of the price item (created with `attribute_not_exists`, replaced or
 * deleted conditioned on the version read), a price-history item, the customer's `customPricingCount`
 * (ADD ±n, which also proves the customer exists) and one change-log entry for the chunk, all in one
 * TransactWriteItems. A transaction holds at most 100 items, so a bulk write of up to 5,000 products is
 * split in chunks of at most 98 items (about 48 price changes):
 * - everything is validated BEFORE the first chunk (customer, every product id, every existing price),
 *   so bad input is refused with nothing written;
 * - each chunk is atomic; chunks run one after another. Changes that are already in place are skipped,
 *   so repeating a request (or the job) after a failure writes only what is missing: the outcome is
 *   idempotent, and a price never gets a second history entry for the same change;
 * - if a chunk fails after earlier ones were written (throttling, an outage), the error says how many
 *   price changes were saved (`PartialWriteError`, details `{ written, total }`).
 * A chunk whose condition fails because another request changed one of its prices in between is
 * re-planned from the prices read again (up to 3 times), then reported as a 409.
 */

// ------------------------------------------------------------------------------------------ conversions

export interface PriceTarget {
  priceCents: number;
  source: PriceSource;
  rule?: MarginRule;
  referenceCents?: number;
}

/** A price as the API returns it (dollars). Handlers pass it through `redactCustomPrice` for the caller's roles. */
export const toCustomPrice = (item: CustomPriceItem): CustomPrice => ({
  productId: item.productId,
  customPrice: toDollars(item.priceCents),
  source: item.source,
  ...(item.rule ? { rule: { ...item.rule } } : {}),
  ...(item.referenceCents === undefined ? {} : { referencePrice: toDollars(item.referenceCents) }),
  dateUpdated: item.dateUpdated,
});

/** The rules' view of a stored price (dollars). */
const storedPrice = (item: Pick<CustomPriceItem, 'priceCents' | 'source' | 'rule' | 'referenceCents'>) => ({
  customPrice: toDollars(item.priceCents),
  source: item.source,
  ...(item.rule ? { rule: item.rule } : {}),
  ...(item.referenceCents === undefined ? {} : { referencePrice: toDollars(item.referenceCents) }),
});

/** The rules' view of a product (dollars). */
const productPrices = (item: ProductItem) => ({
  basePrice: toDollars(item.basePriceCents),
  ...(item.costCents === undefined ? {} : { cost: toDollars(item.costCents) }),
});

const sameRule = (a?: MarginRule, b?: MarginRule) =>
  a === b ||
  (!!a && !!b && a.direction === b.direction && a.kind === b.kind && a.basis === b.basis && a.value === b.value);

const isInPlace = (current: CustomPriceItem | undefined, next: PriceTarget | null) =>
  next === null
    ? current === undefined
    : current !== undefined &&
      current.priceCents === next.priceCents &&
      current.source === next.source &&
      sameRule(current.rule, next.rule) &&
      current.referenceCents === next.referenceCents;

const describeRule = (rule: MarginRule) =>
  rule.basis === 'cost'
    ? // The change log is readable by every role: a cost margin's value would reveal the cost.
      'Margin on cost'
    : `Margin ${rule.direction}${rule.kind === '$' ? `$${rule.value.toFixed(2)}` : `${rule.value}%`} on base price`;

// ------------------------------------------------------------------------------------------ reads

export async function listCustomPrices(customerId: string): Promise<CustomPrice[]> {
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  return found.prices.map(toCustomPrice);
}

/** A customer with its custom prices: one Query of its partition, and a Get of the account owner's name. */
export async function getCustomerWithPricing(customerId: string): Promise<CustomerWithPricing> {
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  const owner = await ownerOf(found.customer.accountOwnerID);
  return { ...toCustomer(found.customer, owner), customPricings: found.prices.map(toCustomPrice) };
}

/** One customer's prices by product id: one Query, 404 when the customer does not exist. */
async function pricesOf(customerId: string) {
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  return { customer: found.customer, prices: new Map(found.prices.map((p) => [p.productId, p])) };
}

/** Customers that have custom prices, each with its prices (the customers' Query, then one Query per such customer). */
export async function listCustomersWithPriceItems(): Promise<
  Array<{ customer: CustomerItem; prices: CustomPriceItem[] }>
> {
  const customers = (await listCustomerItems()).filter((c) => c.customPricingCount > 0);
  const out = await mapLimit(customers, 8, (c) => getCustomerWithPriceItems(c.customerId));
  return out.filter((c): c is NonNullable<typeof c> => !!c && c.prices.length > 0);
}

/** Every history entry of one customer's price for one product, newest first (a Query, paginated). */
export async function listPriceHistory(customerId: string, productId: string, page: { limit?: number } = {}) {
  const { data } = await db()
    .entities.priceHistory.query.byProduct({ customerId, productId })
    .go({ order: 'desc', limit: page.limit ?? 100 });
  return data.map((h) => ({ price: toDollars(h.priceCents), date: h.date, source: h.source }));
}

/** A brand's or a type's products with the customer's custom price merged in as `customPrice`. */
export async function listProductsForCustomer(
  by: { brandId: string } | { typeId: string },
  customerId: string,
): Promise<Product[]> {
  const [items, names, pricing, exists, stock] = await Promise.all([
    'brandId' in by ? listProductItemsByBrand(by.brandId) : listProductItemsByType(by.typeId),
    loadCatalogNames(),
    pricesOf(customerId),
    'brandId' in by
      ? getBrandItem(by.brandId).then(Boolean)
      : db()
          .entities.productType.get({ id: by.typeId })
          .go()
          .then((r) => Boolean(r.data)),
    readStockLedger(),
  ]);
  if (!exists) throw 'brandId' in by ? brandNotFound() : new NotFoundError('Type not found');
  return items
    .map((item) => {
      const price = pricing.prices.get(item.productId);
      return { ...toProduct(item, names, stock), ...(price ? { customPrice: toDollars(price.priceCents) } : {}) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
}

// ------------------------------------------------------------------------------------------ the write path

/** Some chunks of a bulk write were saved before a failure; repeating the request saves the rest. */
export class PartialWriteError extends DomainError {}

interface PriceChange {
  productId: string;
  /** The new price, or null to remove it. */
  next: PriceTarget | null;
}

/** Items a transaction may hold, less the customer's count and the change-log entry. */
const CHUNK_ITEMS = 98;
const CHUNK_RETRIES = 3;

class StaleChunk extends Error {}

/**
 * Writes price changes for one customer, in chunks (see the top of this file). `current` is the
 * customer's prices as read for validation. Returns how many price changes were written (changes
 * already in place are skipped).
 */
async function writePriceChanges(
  customerId: string,
  changes: readonly PriceChange[],
  current: Map<string, CustomPriceItem>,
  by: Actor,
  notes?: string,
): Promise<number> {
  const pending = changes.filter((c) => !isInPlace(current.get(c.productId), c.next));
  const chunks: PriceChange[][] = [];
  let chunk: PriceChange[] = [];
  let items = 0;
  for (const change of pending) {
    const cost = change.next ? 2 : 1;
    if (items + cost > CHUNK_ITEMS) {
      chunks.push(chunk);
      chunk = [];
      items = 0;
    }
    chunk.push(change);
    items += cost;
  }
  if (chunk.length) chunks.push(chunk);

  let written = 0;
  for (const part of chunks) {
    try {
      written += await writeChunk(customerId, part, current, by, notes);
    } catch (error) {
      if (written === 0 || error instanceof NotFoundError) throw error;
      throw new PartialWriteError(
        `Saved ${written} of ${pending.length} price changes before an error; try again to save the rest (saved prices are kept and skipped).`,
        { written, total: pending.length },
      );
    }
  }
  return written;
}

async function writeChunk(
  customerId: string,
  chunk: readonly PriceChange[],
  current: Map<string, CustomPriceItem>,
  by: Actor,
  notes?: string,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const todo = chunk.filter((c) => !isInPlace(current.get(c.productId), c.next));
    if (todo.length === 0) return 0;
    const now = new Date().toISOString();
    let delta = 0;
    const fieldChanges: FieldChange[] = [];
    const writes = todo.map((change) => {
      const before = current.get(change.productId);
      const { next } = change;
      if (!before) delta++;
      if (!next) delta--;
      fieldChanges.push({
        name: 'Custom price',
        field: 'customPrice',
        subfield: change.productId,
        action: !before ? 'add' : !next ? 'remove' : 'update',
        ...(before ? { previousValue: toDollars(before.priceCents) } : {}),
        ...(next ? { newValue: toDollars(next.priceCents) } : {}),
      });
      if (!next) return { change, before: before!, item: undefined };
      const item: CustomPriceItem = {
        customerId,
        productId: change.productId,
        priceCents: next.priceCents,
        source: next.source,
        ...(next.rule ? { rule: { ...next.rule } } : {}),
        ...(next.referenceCents === undefined ? {} : { referenceCents: next.referenceCents }),
        history: [{ priceCents: next.priceCents, date: now }, ...(before?.history ?? [])].slice(0, RECENT_HISTORY),
        version: (before?.version ?? 0) + 1,
        createdAt: before?.createdAt ?? now,
        dateUpdated: now,
      };
      return { change, before, item };
    });
    try {
      await commitOrExplain(
        () =>
          db()
            .transaction.write(({ customer, customPrice, priceHistory, changeLog }) => [
              customer.patch({ customerId }).add({ customPricingCount: delta }).commit(),
              ...writes.flatMap(({ change, before, item }) => {
                const key = { customerId, productId: change.productId };
                if (!item)
                  return [
                    customPrice
                      .remove(key)
                      .where(({ version }, { eq }) => eq(version, before!.version))
                      .commit(),
                  ];
                return [
                  before
                    ? customPrice
                        .put(item)
                        .where(({ version }, { eq }) => eq(version, before.version))
                        .commit()
                    : customPrice.create(item).commit(),
                  priceHistory
                    .create({
                      customerId,
                      productId: change.productId,
                      date: now,
                      id: randomUUID(),
                      priceCents: item.priceCents,
                      source: item.source,
                      userId: by.userId,
                    })
                    .commit(),
                ];
              }),
              changeLog
                .create(
                  changeEntry({
                    caller: by,
                    entityType: 'customer',
                    entityId: customerId,
                    action: 'update',
                    changes: fieldChanges,
                    ...(notes ? { notes } : {}),
                    at: now,
                  }),
                )
                .commit(),
            ])
            .go(),
        (failed) => (failed.includes(0) ? customerNotFound() : new StaleChunk()),
      );
    } catch (error) {
      if (!(error instanceof StaleChunk)) throw error;
      if (attempt >= CHUNK_RETRIES) throw new ConflictError('These prices changed while saving; reload and try again');
      // Someone else changed some of these prices: read them again and re-plan the chunk.
      const { data } = await db()
        .entities.customPrice.get(chunk.map((c) => ({ customerId, productId: c.productId })))
        .go();
      for (const c of chunk) current.delete(c.productId);
      for (const item of data) current.set(item.productId, item);
      continue;
    }
    for (const { change, item } of writes)
      if (item) current.set(change.productId, item);
      else current.delete(change.productId);
    return writes.length;
  }
}

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

// ------------------------------------------------------------------------------------------ price writes

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

export const COST_MARGIN_REFUSED = 'Cost-based margins are available only to roles that may see costs.';
export const STALE_PREVIEW = 'Prices changed since the preview. Preview the margin again.';

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

// ------------------------------------------------------------------------------------------ refresh

/** A pending update as stored in the snapshot (cents). */
interface StoredUpdate {
  productId: string;
  product: {
    sku: string;
    name: string;
    brandID: string;
    brand: string;
    typeID: string;
    type: string;
    baseCents: number;
  };
  currentCents: number;
  newCents: number;
  priceCustomized: boolean;
  source: PriceSource;
  dateUpdated: string;
  history: Array<{ priceCents: number; date: string }>;
}

interface CustomerUpdates {
  /** When the customer's prices were read for this computation (orders concurrent snapshot writes). */
  readAt: string;
  customerId: string;
  customerName: string;
  pricedCount: number;
  updates: StoredUpdate[];
}

const toPricingUpdate = (u: StoredUpdate): PricingUpdate => ({
  productId: u.productId,
  productData: {
    id: u.productId,
    sku: u.product.sku,
    name: u.product.name,
    brandID: u.product.brandID,
    brand: { name: u.product.brand },
    typeID: u.product.typeID,
    type: { name: u.product.type },
    basePrice: toDollars(u.product.baseCents),
  },
  currentPrice: toDollars(u.currentCents),
  newCustomPrice: toDollars(u.newCents),
  priceCustomized: u.priceCustomized,
  source: u.source,
  dateUpdated: u.dateUpdated,
  priceHistory: u.history.map((h) => ({ price: toDollars(h.priceCents), date: h.date })),
});

const toCustomerPricingUpdates = (c: CustomerUpdates): CustomerPricingUpdates => ({
  customerId: c.customerId,
  customerName: c.customerName,
  pricedCount: c.pricedCount,
  personalizedPricingList: c.updates.map(toPricingUpdate),
});

type ProductLookup = Pick<Map<string, ProductItem>, 'get'>;

/**
 * The refresh formula over one customer's prices (shared `proposeRefresh`): an update is pending where
 * the proposed price differs from the current one. Prices whose product no longer exists are left out.
 * By brand name, then product name.
 */
function pendingUpdates(
  customer: CustomerItem,
  prices: readonly CustomPriceItem[],
  products: ProductLookup,
  names: CatalogNames,
  readAt: string,
): CustomerUpdates {
  const updates: StoredUpdate[] = [];
  for (const price of prices) {
    const product = products.get(price.productId);
    if (!product) continue;
    const proposed = proposeRefresh(storedPrice(price), productPrices(product));
    const current = toDollars(price.priceCents);
    if (!isPendingUpdate(current, proposed)) continue;
    updates.push({
      productId: price.productId,
      product: {
        sku: product.sku,
        name: product.name,
        brandID: product.brandID,
        brand: names.brands.get(product.brandID)?.name ?? '',
        typeID: product.typeID,
        type: names.types.get(product.typeID)?.name ?? '',
        baseCents: product.basePriceCents,
      },
      currentCents: price.priceCents,
      newCents: toCents(proposed),
      priceCustomized: isPriceCustomized(current, toDollars(product.basePriceCents)),
      source: price.source,
      dateUpdated: price.dateUpdated,
      history: (price.history ?? []).slice(0, RECENT_HISTORY),
    });
  }
  updates.sort(
    (a, b) =>
      a.product.brand.localeCompare(b.product.brand, 'en-US') || a.product.name.localeCompare(b.product.name, 'en-US'),
  );
  return {
    readAt,
    customerId: customer.customerId,
    customerName: customer.customerName,
    pricedCount: prices.length,
    updates,
  };
}

/** One customer's pending updates, computed now: one Query of its partition, a BatchGet of its products, the name lists. */
async function computeCustomerUpdates(customerId: string): Promise<CustomerUpdates> {
  const readAt = new Date().toISOString();
  const found = await getCustomerWithPriceItems(customerId);
  if (!found) throw customerNotFound();
  const [products, names] = await Promise.all([
    getProductItemsByIds(found.prices.map((p) => p.productId)),
    loadCatalogNames(),
  ]);
  return pendingUpdates(found.customer, found.prices, products, names, readAt);
}

export async function reRunPricing(customerId: string): Promise<CustomerPricingUpdates> {
  return toCustomerPricingUpdates(await computeCustomerUpdates(customerId));
}

// ---------------------------------------------------------------------------- the stored snapshot

class NewerEntry extends Error {}

/**
 * Replaces one customer's snapshot chunks in one transaction. Chunk 0 is always written (with no
 * updates when nothing is pending) and carries `computedAt`, the time the prices were read: its put is
 * conditioned on the stored one not being newer, so a slow all-customers run can never put back
 * updates that a bulk apply has just removed.
 */
async function storeSnapshotEntry(c: CustomerUpdates, existingChunks?: number[]) {
  const old =
    existingChunks ??
    (
      await db()
        .entities.pricingSnapshotEntry.query.byRun({ customerId: c.customerId })
        .go({ pages: 'all', attributes: ['customerId', 'chunk'] })
    ).data.map((e) => e.chunk);
  const count = Math.max(1, Math.ceil(c.updates.length / SNAPSHOT_CHUNK));
  const chunks: PricingSnapshotEntryItem[] = Array.from({ length: count }, (_, chunk) => ({
    customerId: c.customerId,
    chunk,
    chunks: count,
    customerName: c.customerName,
    pricedCount: c.pricedCount,
    computedAt: c.readAt,
    payload: JSON.stringify(c.updates.slice(chunk * SNAPSHOT_CHUNK, (chunk + 1) * SNAPSHOT_CHUNK)),
  }));
  const stale = old.filter((n) => n >= count);
  try {
    await commitOrExplain(
      () =>
        db()
          .transaction.write(({ pricingSnapshotEntry }) => [
            ...chunks.map((item, i) =>
              i === 0
                ? pricingSnapshotEntry
                    .put(item)
                    .where(
                      ({ computedAt }, { notExists, lte }) =>
                        `${notExists(computedAt)} OR ${lte(computedAt, c.readAt)}`,
                    )
                    .commit()
                : pricingSnapshotEntry.put(item).commit(),
            ),
            ...stale.map((chunk) => pricingSnapshotEntry.delete({ customerId: c.customerId, chunk }).commit()),
          ])
          .go(),
      () => new NewerEntry(),
    );
  } catch (error) {
    if (!(error instanceof NewerEntry)) throw error;
  }
}

/**
 * After a customer's prices change, its entry in the stored snapshot (if there is one) is computed again,
 * so the all-customers screen no longer lists what was just applied. The snapshot is a cache of the
 * refresh: if this fails, the prices are saved all the same and the failure is logged (the next job run
 * or `?refresh=true` rewrites the entry).
 */
async function refreshSnapshotFor(customerId: string): Promise<void> {
  try {
    const { data: header } = await db().entities.pricingSnapshotHeader.get({}).go();
    if (!header) return;
    await storeSnapshotEntry(await computeCustomerUpdates(customerId));
  } catch (error) {
    // Imported here, not at the top: the local stack imports the data layer before it sets the log level.
    const { logger } = await import('../logger');
    logger.warn('Could not update the stored pricing snapshot for a customer', { customerId, error });
  }
}

/** The stored snapshot, or undefined when none was stored yet: one Query (all pages). */
export async function readPricingSnapshot(): Promise<AllPricingUpdates | undefined> {
  const { data } = await db().collections.pricingSnapshot({}).go({ pages: 'all' });
  const header = data.pricingSnapshotHeader[0];
  if (!header) return undefined;
  const byCustomer = new Map<string, PricingSnapshotEntryItem[]>();
  for (const entry of data.pricingSnapshotEntry)
    byCustomer.set(entry.customerId, [...(byCustomer.get(entry.customerId) ?? []), entry]);
  const customers: CustomerPricingUpdates[] = [];
  for (const entries of byCustomer.values()) {
    entries.sort((a, b) => a.chunk - b.chunk);
    const first = entries[0]!;
    const updates = entries.flatMap((e) => JSON.parse(e.payload) as StoredUpdate[]);
    if (updates.length === 0) continue;
    customers.push(
      toCustomerPricingUpdates({
        readAt: first.computedAt,
        customerId: first.customerId,
        customerName: first.customerName,
        pricedCount: first.pricedCount,
        updates,
      }),
    );
  }
  return { generatedAt: header.generatedAt, customers: customers.sort(byPendingChanges) };
}

export interface RefreshRunResult {
  generatedAt: string;
  customers: number;
  pending: number;
  customersWithUpdates: number;
  autoApplied: number;
  autoCustomers: number;
  failed: Array<{ customerId: string; customerName: string; error: string }>;
  /** Every customer's updates, when asked for (`collect`). */
  result?: AllPricingUpdates;
}

const RUN_CONCURRENCY = 4;

/**
 * The all-customers refresh: every customer's pending updates computed now from one read of the
 * products, stored as the snapshot (each customer's entry replaced as it is computed, stale entries
 * removed at the end, then the header). With `autoApply` (the scheduled job), customers marked for
 * automatic refresh get their updates applied through the same path as updateBulkCustomPricing, and
 * what remains pending is stored. A customer whose apply fails is reported in `failed` and the run goes
 * on; running again finishes it without applying anything twice (each applied price now carries today's
 * reference, so it is no longer pending).
 */
export interface AppliedRefresh {
  customerId: string;
  customerName: string;
  /** Price changes written now (fewer than `changes` when an earlier run had saved some). */
  applied: number;
  changes: Array<{ productId: string; sku: string; from: number; to: number }>;
}

export async function runPricingRefresh(options: {
  by: Actor;
  autoApply?: boolean;
  collect?: boolean;
  /** Told what was applied for each automatic customer (the job logs it). */
  onApplied?: (applied: AppliedRefresh) => void;
  onFailed?: (customer: { customerId: string; customerName: string }, error: unknown) => void;
}): Promise<RefreshRunResult> {
  const generatedAt = new Date().toISOString();
  const [customers, productItems, names, existing] = await Promise.all([
    listCustomerItems(),
    listProductItems(),
    loadCatalogNames(),
    db()
      .entities.pricingSnapshotEntry.query.byRun({})
      .go({ pages: 'all', attributes: ['customerId', 'chunk'] }),
  ]);
  const products = new Map(productItems.map((p) => [p.productId, p]));
  const oldChunks = new Map<string, number[]>();
  for (const e of existing.data) oldChunks.set(e.customerId, [...(oldChunks.get(e.customerId) ?? []), e.chunk]);

  const run: RefreshRunResult = {
    generatedAt,
    customers: customers.length,
    pending: 0,
    customersWithUpdates: 0,
    autoApplied: 0,
    autoCustomers: 0,
    failed: [],
  };
  const collected: CustomerPricingUpdates[] = [];
  const priced = customers.filter((c) => c.customPricingCount > 0);

  await mapLimit(priced, RUN_CONCURRENCY, async (listed) => {
    const read = async () => {
      const readAt = new Date().toISOString();
      const found = await getCustomerWithPriceItems(listed.customerId);
      return found ? pendingUpdates(found.customer, found.prices, products, names, readAt) : undefined;
    };
    let updates = await read();
    if (!updates) return;
    const auto = options.autoApply && listed.autoRefreshPricing && updates.updates.length > 0;
    if (auto) {
      run.autoCustomers++;
      const items = updates.updates.map((u) => ({ productId: u.productId, newCustomPrice: toDollars(u.newCents) }));
      try {
        const written = await applyPricingUpdates(listed.customerId, items, options.by, { updateSnapshot: false });
        run.autoApplied += written;
        options.onApplied?.({
          customerId: listed.customerId,
          customerName: listed.customerName,
          applied: written,
          changes: updates.updates.map((u) => ({
            productId: u.productId,
            sku: u.product.sku,
            from: toDollars(u.currentCents),
            to: toDollars(u.newCents),
          })),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        run.failed.push({ customerId: listed.customerId, customerName: listed.customerName, error: message });
        options.onFailed?.({ customerId: listed.customerId, customerName: listed.customerName }, error);
      }
      // Store what is really pending now (nothing, or what a failure left).
      updates = (await read().catch(() => undefined)) ?? updates;
    }
    run.pending += updates.updates.length;
    if (updates.updates.length > 0) run.customersWithUpdates++;
    await storeSnapshotEntry(updates, oldChunks.get(listed.customerId) ?? []);
    oldChunks.delete(listed.customerId);
    if (options.collect && updates.updates.length > 0) collected.push(toCustomerPricingUpdates(updates));
  });

  // Customers that were in the last snapshot but have nothing priced any more.
  await mapLimit([...oldChunks], RUN_CONCURRENCY, ([customerId, chunks]) =>
    db()
      .entities.pricingSnapshotEntry.delete(chunks.map((chunk) => ({ customerId, chunk })))
      .go(),
  );
  await db()
    .entities.pricingSnapshotHeader.put({
      generatedAt,
      customers: run.customersWithUpdates,
      pending: run.pending,
    })
    .go();
  if (options.collect) run.result = { generatedAt, customers: collected.sort(byPendingChanges) };
  return run;
}

/** reRunPricing (all customers): the stored snapshot, or computed now and stored (`refresh`, or none stored yet). */
export async function allPricingUpdates(refresh: boolean, by: Actor): Promise<AllPricingUpdates> {
  if (!refresh) {
    const stored = await readPricingSnapshot();
    if (stored) return stored;
  }
  const run = await runPricingRefresh({ by, collect: true });
  return run.result!;
}

// ------------------------------------------------------------------------------------------ helpers
