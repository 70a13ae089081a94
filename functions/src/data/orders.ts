import { createHash, randomUUID } from 'node:crypto';
import {
  DRAFT_NUMBER_PREFIX,
  diffChanges,
  draftOrderNumber,
  formatOrderNumber,
  isDraftNumber,
  lineSubtotalCents,
  normalizeDiscount,
  orderTotals,
  packingLocationFor,
  stampStatusChanges,
  stockEffects,
  toCents,
  toDollars,
  type FieldChange,
  type NewOrderBody,
  type Order,
  type OrderItem,
  type OrderLineInput,
  type OrderStatus,
  type OrderSummary,
  type PaymentStatus,
  type PendingOrderItem,
  type PendingOutbound,
  type StockLine,
  type UpdateOrderBody,
} from '@bo/shared';
import { BadRequestError, ConflictError, NotFoundError } from '../domain';
import { changeEntry } from './change-log';
import { customerNotFound, getCustomerItem } from './customers';
import type { BatchItem } from './entities/batch';
import {
  NO_DRIVER,
  ORDER_LINE_GROUP,
  isOpenStatus,
  type OrderItemRecord,
  type OrderLinesRecord,
} from './entities/order';
import type { ProductItem } from './entities/product';
import { listLocations } from './locations';
import { getProductItemsByIds, loadCatalogNames } from './products';
import { listBrandItems } from './brands';
import type { BrandItem } from './entities/brand';
import type { Location } from '@bo/shared';
import { db } from './service';
import {
  applyLedgerChanges,
  ledgerChangesOf,
  ledgerUpdates,
  orderCause,
  readStockFor,
  transactItem,
  type LedgerUpdate,
} from './stock-ledger';
import { commitOrExplain, type Actor } from './transaction';
import { getUser } from './users';

/**
 * Sales orders. Each create or update is ONE transaction: the header, its line groups, the number guard,
 * the change-log entry and the stock-ledger buckets its stock effects touch (rules/orders/stock-effects:
 * what the order holds after minus before). Batch units are re-checked inside that transaction by the
 * ledger's conditions, so two orders never take the same units: the loser gets a 409 and nothing is written.
 */

// ------------------------------------------------------------------------------------------- numbers

/** Takes the next sales-order number from the atomic counter (`1001`, `1002`, …). */
export async function takeOrderNumber(): Promise<string> {
  const { data } = await db()
    .entities.orderCounter.update({ name: 'salesOrders' })
    .add({ seq: 1 })
    .go({ response: 'updated_new' });
  return formatOrderNumber(data.seq ?? 1);
}

const NUMERIC = /^\d{1,12}$/;

// ------------------------------------------------------------------------------------------- shapes

/** A line as stored (cents; the product snapshot taken when the line was added). */
export interface StoredLine {
  id: string;
  productId: string;
  sku: string;
  batchId: string | null;
  batchNumber?: string;
  quantity: number;
  priceCents: number;
  baseCents: number;
  costCents?: number;
  name: string;
  brandId: string;
  brand: string;
  type: string;
  genetics?: string;
  extractType?: string;
  weight?: number;
  shouldHaveTag: boolean;
  tagsPulled: boolean;
}

export const ORDER_FIELD_LABELS = {
  orderNum: 'Order number',
  orderStatus: 'Status',
  paymentStatus: 'Payment status',
  customerName: 'Customer',
  pickupOrder: 'Pickup',
  deliveryDate: 'Delivery date',
  driverId: 'Driver',
  packingLocationId: 'Packing location',
  notes: 'Notes',
  discountNotes: 'Discount note',
  dollarAdjustment: 'Discount',
  subtotal: 'Subtotal',
  unitQuantity: 'Units',
} as const;

const toWireLine = (orderId: string, l: StoredLine): OrderItem => ({
  id: l.id,
  orderID: orderId,
  quantity: l.quantity,
  unitPrice: toDollars(l.priceCents),
  priceAdjustment: toDollars(l.priceCents - l.baseCents),
  subtotal: toDollars(lineSubtotalCents({ quantity: l.quantity, unitPrice: toDollars(l.priceCents) })),
  productName: l.name,
  productId: l.productId,
  productSku: l.sku,
  productBrand: l.brand,
  productType: l.type,
  ...(l.genetics ? { productGenetics: l.genetics } : {}),
  ...(l.extractType ? { productExtractType: l.extractType } : {}),
  ...(l.weight === undefined ? {} : { productWeight: l.weight }),
  ...(l.costCents === undefined ? {} : { productCost: toDollars(l.costCents) }),
  productBatchId: l.batchId,
  ...(l.batchNumber ? { productBatchNumber: l.batchNumber } : {}),
  shouldHaveTag: l.shouldHaveTag,
  tagsPulled: l.tagsPulled,
});

export function toOrderSummary(h: OrderItemRecord): OrderSummary {
  const total = h.subtotalCents - h.discountCents;
  return {
    id: h.orderId,
    orderNum: h.orderNum,
    orderStatus: h.orderStatus,
    paymentStatus: h.paymentStatus,
    statusModifiedOn: h.statusModifiedOn,
    paymentModifiedOn: h.paymentModifiedOn,
    createdAt: h.createdAt,
    modifiedOn: h.modifiedOn,
    customerID: h.customerID,
    customer: { customerName: h.customerName, ...(h.accountOwnerID ? { accountOwnerID: h.accountOwnerID } : {}) },
    pickupOrder: h.pickupOrder,
    deliveryDate: h.deliveryDate ?? null,
    driverId: h.driverId ?? null,
    packingLocationId: h.packingLocationId ?? null,
    ...(h.notes ? { notes: h.notes } : {}),
    ...(h.discountNotes ? { discountNotes: h.discountNotes } : {}),
    dollarAdjustment: toDollars(h.discountCents),
    unitQuantity: h.unitQuantity,
    cost: toDollars(h.costCents),
    subtotal: toDollars(h.subtotalCents),
    total: toDollars(total),
    balanceDue: toDollars(Math.max(0, total - h.paidCents)),
    lineCount: h.lineCount,
  };
}

export function toOrder(h: OrderItemRecord, lines: readonly StoredLine[]): Order {
  const { lineCount: _n, ...summary } = toOrderSummary(h);
  return { ...summary, orderedItems: lines.map((l) => toWireLine(h.orderId, l)) };
}

const stockLines = (lines: readonly StoredLine[]): StockLine[] =>
  lines.map((l) => ({ productSku: l.sku, quantity: l.quantity, productBatchId: l.batchId, tagsPulled: l.tagsPulled }));

const groupsOf = (lines: readonly StoredLine[]): StoredLine[][] => {
  const groups: StoredLine[][] = [];
  for (let i = 0; i < lines.length; i += ORDER_LINE_GROUP) groups.push(lines.slice(i, i + ORDER_LINE_GROUP));
  return groups;
};

const skuQuantitiesOf = (lines: readonly StoredLine[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const l of lines) out[l.sku] = (out[l.sku] ?? 0) + l.quantity;
  return out;
};

/** A line's key in the change log: SKU and batch number. */
const lineKey = (l: StoredLine) => `${l.sku} · ${l.batchNumber ? `batch ${l.batchNumber}` : 'no batch'}`;

function lineChanges(before: readonly StoredLine[], after: readonly StoredLine[]): FieldChange[] {
  const sum = (lines: readonly StoredLine[]) => {
    const m = new Map<string, { quantity: number; price: number }>();
    for (const l of lines) {
      const v = m.get(lineKey(l)) ?? { quantity: 0, price: l.priceCents };
      m.set(lineKey(l), { quantity: v.quantity + l.quantity, price: l.priceCents });
    }
    return m;
  };
  const prev = sum(before);
  const next = sum(after);
  const changes: FieldChange[] = [];
  for (const key of [...new Set([...prev.keys(), ...next.keys()])].sort()) {
    const p = prev.get(key);
    const n = next.get(key);
    if (p && n && p.quantity === n.quantity && p.price === n.price) continue;
    const describe = (v: { quantity: number; price: number }) => `${v.quantity} × $${toDollars(v.price).toFixed(2)}`;
    changes.push({
      name: 'Line',
      field: 'orderedItems',
      subfield: key,
      action: !p ? 'add' : !n ? 'remove' : 'update',
      ...(p ? { previousValue: describe(p) } : {}),
      ...(n ? { newValue: describe(n) } : {}),
    });
  }
  return changes;
}

/** Names the change log shows for ids: drivers by id, locations. */
interface DisplayNames {
  drivers?: ReadonlyMap<string, string>;
  locations?: readonly Location[];
}

const wireHeader = (h: Partial<OrderItemRecord>, names: DisplayNames = {}): Record<string, unknown> => {
  const location = h.packingLocationId ? names.locations?.find((l) => String(l.id) === h.packingLocationId) : undefined;
  return {
    ...h,
    ...(h.driverId ? { driverId: names.drivers?.get(h.driverId) ?? h.driverId } : {}),
    ...(location ? { packingLocationId: location.name } : {}),
    ...(h.discountCents === undefined ? {} : { dollarAdjustment: toDollars(h.discountCents) }),
    ...(h.subtotalCents === undefined ? {} : { subtotal: toDollars(h.subtotalCents) }),
  };
};

// ------------------------------------------------------------------------------------------- catalogue

interface Catalog {
  productIdOf: Map<string, string>;
  products: Map<string, ProductItem>;
  batches: Map<string, BatchItem>;
  /** Loaded only when some line takes a fresh product snapshot. */
  names: Awaited<ReturnType<typeof loadCatalogNames>> | undefined;
}

type CatalogLine = Pick<OrderLineInput, 'id' | 'productSku' | 'productId' | 'productBatchId'>;

/**
 * What building lines needs from the catalogue, in as few round trips as it can: product ids come from the
 * order's existing lines or the client's `productId` (checked against the SKU), and only unknown SKUs cost a
 * SKU-guard lookup first. Products are read for lines that take a fresh snapshot; batches for every batch the
 * lines name (to check ownership and check-in); names only when a fresh snapshot needs them.
 */
async function loadCatalog(lines: readonly CatalogLine[], existing: readonly StoredLine[] = []): Promise<Catalog> {
  const productIdOf = new Map(existing.map((l) => [l.sku, l.productId]));
  const kept = new Map(existing.map((l) => [l.id, l.sku]));
  for (const l of lines) if (l.productId && !productIdOf.has(l.productSku)) productIdOf.set(l.productSku, l.productId);
  const unknown = [...new Set(lines.map((l) => l.productSku))].filter((sku) => !productIdOf.has(sku));
  if (unknown.length > 0) {
    const { data: guards } = await db()
      .entities.skuGuard.get(unknown.map((sku) => ({ sku })))
      .go({ concurrency: 4 });
    for (const g of guards) productIdOf.set(g.sku, g.productId);
    const missing = unknown.filter((s) => !productIdOf.has(s));
    if (missing.length > 0) throw new BadRequestError(`Unknown product SKU: ${missing.slice(0, 5).join(', ')}`);
  }
  const fresh = lines.filter((l) => !(l.id && kept.get(l.id) === l.productSku));
  const batchKeys = [
    ...new Map(
      lines
        .filter((l) => l.productBatchId)
        .map((l) => [l.productBatchId!, { productId: productIdOf.get(l.productSku)!, batchId: l.productBatchId! }]),
    ).values(),
  ];
  const [products, batches, names] = await Promise.all([
    fresh.length
      ? getProductItemsByIds(fresh.map((l) => productIdOf.get(l.productSku)!))
      : new Map<string, ProductItem>(),
    batchKeys.length
      ? db()
          .entities.batch.get(batchKeys)
          .go({ concurrency: 4 })
          .then((r) => r.data)
      : Promise.resolve([] as BatchItem[]),
    fresh.length ? loadCatalogNames() : undefined,
  ]);
  for (const l of fresh) {
    const product = products.get(productIdOf.get(l.productSku)!);
    if (!product || product.sku !== l.productSku) throw new BadRequestError(`Unknown product SKU: ${l.productSku}`);
  }
  return { productIdOf, products, batches: new Map(batches.map((b) => [b.batchId, b])), names };
}

const UNORDERABLE = new Set(['INACTIVE', 'HIDDEN']);

const freshSnapshot = (product: ProductItem, productId: string, names: Catalog['names'], extractName?: string) => ({
  productId,
  sku: product.sku,
  baseCents: product.basePriceCents,
  ...(product.costCents === undefined ? {} : { costCents: product.costCents }),
  name: product.name,
  brandId: product.brandID,
  brand: names?.brands.get(product.brandID)?.name ?? '',
  type: names?.types.get(product.typeID)?.name ?? '',
  ...(product.genetics ? { genetics: product.genetics } : {}),
  ...(extractName ? { extractType: extractName } : {}),
  ...(product.weight === undefined ? {} : { weight: product.weight }),
  shouldHaveTag: product.hasBatch,
});

/**
 * The stored lines for the lines sent: duplicates (same SKU and batch) merged, lines of 0 units dropped.
 * A line whose id matches an existing line of the same SKU keeps that line's product snapshot (its invoice
 * reads the same after catalogue edits); other lines take a fresh snapshot from the catalogue.
 */
function buildLines(
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
    if (product && UNORDERABLE.has(product.status))
      throw new BadRequestError(
        `${product.name} (${product.sku}) is ${product.status.toLowerCase()} and cannot be ordered`,
      );
    const key = `${input.productSku}|${batchId ?? ''}`;
    const prior = merged.get(key);
    if (prior) {
      prior.quantity += input.quantity;
      continue;
    }
    const names = catalog.names;
    const extractName = product?.extractTypeID ? names?.extractTypes.get(product.extractTypeID)?.name : undefined;
    const snapshot: Omit<StoredLine, 'id' | 'batchId' | 'quantity' | 'priceCents' | 'tagsPulled' | 'batchNumber'> =
      same ?? freshSnapshot(product!, productId, names, extractName);
    const {
      id: _id,
      batchId: _b,
      batchNumber: _n,
      quantity: _q,
      priceCents: _p,
      tagsPulled: _t,
      ...fields
    } = snapshot as StoredLine;
    merged.set(key, {
      ...fields,
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

// ------------------------------------------------------------------------------------------- reads

async function getHeader(orderId: string): Promise<OrderItemRecord | undefined> {
  const { data } = await db().entities.order.get({ orderId }).go({ consistent: true });
  return data ?? undefined;
}

async function getWhole(orderId: string): Promise<{ header: OrderItemRecord; lines: StoredLine[] } | undefined> {
  const { data } = await db().collections.orderWhole({ orderId }).go({ pages: 'all', consistent: true });
  const header = data.order[0];
  if (!header) return undefined;
  return { header, lines: linesOf(data.orderLines) };
}

const linesOf = (groups: readonly OrderLinesRecord[]): StoredLine[] =>
  [...groups].sort((a, b) => a.group - b.group).flatMap((g) => g.lines as StoredLine[]);

/** The order id of an order number (the number guard). */
async function orderIdOfNumber(orderNum: string): Promise<string | undefined> {
  const { data } = await db().entities.orderNumber.get({ orderNum }).go({ consistent: true });
  return data?.orderId;
}

/** Order numbers are digits or `DRAFT_…`; ids are UUIDs. */
const looksLikeNumber = (value: string) => NUMERIC.test(value) || isDraftNumber(value);

/** The order id of an id or an order number (one Get of the number guard for a number). */
const resolveOrderId = async (idOrNumber: string): Promise<string | undefined> =>
  looksLikeNumber(idOrNumber) ? orderIdOfNumber(idOrNumber) : idOrNumber;

/** One order with its lines, by id or by order number. */
export async function getOrder(idOrNumber: string): Promise<Order | undefined> {
  const id = await resolveOrderId(idOrNumber);
  const found = id ? await getWhole(id) : undefined;
  return found ? toOrder(found.header, found.lines) : undefined;
}

/** The lines of many orders: BatchGet of their line groups. */
async function linesOfMany(headers: readonly OrderItemRecord[]): Promise<Map<string, StoredLine[]>> {
  const keys = headers.flatMap((h) =>
    Array.from({ length: h.lineGroups }, (_, group) => ({ orderId: h.orderId, group })),
  );
  const byOrder = new Map<string, OrderLinesRecord[]>();
  for (let round = 0, pending = keys; pending.length > 0; round++) {
    if (round > 5) throw new Error('The table kept order lines unprocessed; try again');
    const { data, unprocessed } = await db().entities.orderLines.get(pending).go({ concurrency: 4 });
    for (const g of data) byOrder.set(g.orderId, [...(byOrder.get(g.orderId) ?? []), g]);
    pending = unprocessed.map((k) => ({ orderId: k.orderId, group: k.group }));
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
  }
  return new Map([...byOrder].map(([id, groups]) => [id, linesOf(groups)]));
}

/** Headers of the open orders (RECEIVED, FULFILLMENT, PACKED): the sparse open index, all pages. */
async function openHeaders(driverId?: string): Promise<OrderItemRecord[]> {
  const { data } = await db()
    .entities.order.query.open(driverId ? { driverKey: driverId } : {})
    .go({ pages: 'all' });
  return data.filter((h) => isOpenStatus(h.orderStatus) && (!driverId || h.driverId === driverId));
}

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);

/** Open orders with their lines, newest first. */
export async function listPendingOrders(): Promise<Order[]> {
  const headers = await openHeaders();
  const lines = await linesOfMany(headers);
  return headers.map((h) => toOrder(h, lines.get(h.orderId) ?? [])).sort(byNewest);
}

/** Every line of the open orders. */
export async function listPendingOrderItems(): Promise<PendingOrderItem[]> {
  const headers = await openHeaders();
  const lines = await linesOfMany(headers);
  return headers.flatMap((h) =>
    (lines.get(h.orderId) ?? []).map((l) => ({
      orderID: h.orderId,
      orderNum: h.orderNum,
      productSku: l.sku,
      productBatchId: l.batchId,
      quantity: l.quantity,
      tagsPulled: l.tagsPulled,
    })),
  );
}

/** The open orders holding a SKU (from the headers' per-SKU units; no lines read). */
export async function pendingOutboundOf(sku: string): Promise<PendingOutbound[]> {
  const headers = await openHeaders();
  return headers
    .filter((h) => ((h.skuQuantities as Record<string, number>)[sku] ?? 0) > 0)
    .sort(byNewest)
    .map((h) => ({
      orderID: h.orderId,
      orderNum: h.orderNum,
      customerName: h.customerName,
      quantity: (h.skuQuantities as Record<string, number>)[sku]!,
    }));
}

/** A driver's open deliveries with their lines, by delivery date. */
export async function listDeliveriesOf(driverId: string): Promise<Order[]> {
  const headers = (await openHeaders(driverId)).filter((h) => !h.pickupOrder);
  const lines = await linesOfMany(headers);
  return headers
    .map((h) => toOrder(h, lines.get(h.orderId) ?? []))
    .sort((a, b) => (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '') || a.orderNum.localeCompare(b.orderNum));
}

const instant = (value: string, label: string, end = false): string => {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : value;
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new BadRequestError(`${label} must be an ISO date or date-time`);
  return new Date(t).toISOString();
};

const MAX_RANGE_DAYS = 400;

/** Orders created between two instants (inclusive), newest first: one Query per month, in parallel. */
export async function listOrdersBetween(fromISO: string, toISO: string): Promise<OrderSummary[]> {
  const from = instant(fromISO, 'fromISO');
  const to = instant(toISO, 'toISO', true);
  if (from > to) throw new BadRequestError('fromISO must not be after toISO');
  if (Date.parse(to) - Date.parse(from) > MAX_RANGE_DAYS * 86_400_000)
    throw new BadRequestError(`The range can be at most ${MAX_RANGE_DAYS} days`);
  const months: string[] = [];
  for (let d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`); d.toISOString() <= to; d.setUTCMonth(d.getUTCMonth() + 1))
    months.push(d.toISOString().slice(0, 7));
  const pages = await Promise.all(
    months.map((createdMonth) =>
      db()
        .entities.order.query.byMonth({ createdMonth })
        .between({ createdAt: from }, { createdAt: `${to}~` })
        .go({ pages: 'all' }),
    ),
  );
  return pages
    .flatMap((p) => p.data)
    .filter((h) => h.createdAt >= from && h.createdAt <= to)
    .sort(byNewest)
    .map(toOrderSummary);
}

/** A customer's orders (404 for an unknown customer): what getByCustomer and customers/getAllOrders answer. */
export async function listOrdersOfKnownCustomer(
  customerId: string,
  range: { from?: string; to?: string } = {},
): Promise<OrderSummary[]> {
  const [customer, orders] = await Promise.all([getCustomerItem(customerId), listOrdersOfCustomer(customerId, range)]);
  if (!customer) throw customerNotFound();
  return orders;
}

/** A customer's orders, newest first, optionally within a creation range. */
export async function listOrdersOfCustomer(
  customerId: string,
  range: { from?: string; to?: string } = {},
): Promise<OrderSummary[]> {
  const from = range.from ? instant(range.from, 'from') : '0000';
  const to = range.to ? instant(range.to, 'to', true) : '9999';
  const { data } = await db()
    .entities.order.query.byCustomer({ customerID: customerId })
    .between({ createdAt: from }, { createdAt: `${to}~` })
    .go({ pages: 'all', order: 'desc' });
  return data.filter((h) => h.createdAt >= from && h.createdAt <= to).map(toOrderSummary);
}

// ------------------------------------------------------------------------------------------- writes

/** Why a transaction item failed, turned into the error the caller sees. */
class LedgerShortage extends Error {
  constructor(readonly updates: LedgerUpdate[]) {
    super('ledger shortage');
  }
}
class OrderExists extends Error {}

/** The 409 for batch units another order took first, naming each short batch. */
async function shortageError(updates: readonly LedgerUpdate[], lines: readonly StoredLine[]): Promise<ConflictError> {
  const guarded = updates.flatMap((u) => u.guarded);
  const stock = await readStockFor(guarded.map((g) => g.productId));
  const short = guarded.filter((g) => stock.free(g.batchId) < g.need);
  const describe = (g: (typeof guarded)[number]) => {
    const line = lines.find((l) => l.batchId === g.batchId);
    const name = line ? `batch ${line.batchNumber ?? g.batchId} of ${line.sku}` : `batch ${g.batchId}`;
    return `${name}: ${Math.max(0, stock.free(g.batchId))} available, ${g.need} more needed`;
  };
  return new ConflictError(
    `Not enough tagged units left: ${(short.length ? short : guarded).map(describe).join('; ')}. Another order took them; reload the batches and try again.`,
    (short.length ? short : guarded).map((g) => ({ path: `batch.${g.batchId}`, message: describe(g) })),
  );
}

/** Batches an order takes more units of must be checked in (they may have been checked out since). */
function checkBatchesCheckedIn(
  effects: ReturnType<typeof stockEffects>,
  catalog: Catalog,
  lines: readonly StoredLine[],
) {
  for (const d of effects.batches) {
    if (d.remaining - d.reserved >= 0) continue;
    const batch = catalog.batches.get(d.batchId);
    if (batch && !batch.isCheckedIn) {
      const line = lines.find((l) => l.batchId === d.batchId);
      throw new ConflictError(
        `Batch ${batch.batchNumber} of ${line?.sku ?? d.sku} is not checked in; reload the batches`,
      );
    }
  }
}

/** The driver's name; 400 unless the id is a user with the DRIVER role. */
async function checkDriver(driverId: string | null | undefined): Promise<string | undefined> {
  if (!driverId) return undefined;
  const user = await getUser(driverId);
  if (!user || !user.role.includes('DRIVER')) throw new BadRequestError('Driver not found');
  return user.name;
}

/** The packing location given (it must exist), else the cart brands' common default, else the system default. */
async function packingLocation(
  given: string | null | undefined,
  lines: readonly StoredLine[],
  locations: readonly Location[],
  brandItems?: readonly BrandItem[],
) {
  if (given) {
    if (locations.length > 0 && !locations.some((l) => String(l.id) === given))
      throw new BadRequestError('Packing location not found');
    return given;
  }
  const brands = brandItems ?? (await listBrandItems());
  return packingLocationFor(
    lines.map((l) => l.brandId),
    brands.map((b) => ({ id: b.brandId, defaultLocationId: b.defaultLocationId ?? null })),
    locations,
  );
}

/** A stable order id for an idempotency key (per caller), so a retried POST finds the first order. */
const idempotentOrderId = (key: string, userId: string): string => {
  const h = createHash('sha256').update(`${userId}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const monthOf = (iso: string) => iso.slice(0, 7);

function figures(lines: readonly StoredLine[], discountInput: NewOrderBody['dollarAdjustment'], fallbackCents = 0) {
  const totals = orderTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: toDollars(l.priceCents),
      ...(l.costCents === undefined ? {} : { productCost: toDollars(l.costCents) }),
    })),
  );
  const discount =
    discountInput === undefined ? fallbackCents : (normalizeDiscount(discountInput, totals.subtotal) ?? 0);
  return {
    unitQuantity: totals.unitQuantity,
    subtotalCents: totals.subtotal,
    costCents: totals.cost,
    discountCents: Math.min(Math.max(0, discount), totals.subtotal),
  };
}

export interface CreateOptions {
  idempotencyKey?: string;
}

/** Creates an order (POST /db/orders/new). */
export async function createOrder(body: NewOrderBody, by: Actor, options: CreateOptions = {}): Promise<Order> {
  const status = body.orderStatus;
  const draft = status === 'DRAFT';
  if (body.orderNum !== undefined) {
    if (draft && !isDraftNumber(body.orderNum))
      throw new BadRequestError(`A draft's number starts with ${DRAFT_NUMBER_PREFIX}`);
    if (!draft && !NUMERIC.test(body.orderNum))
      throw new BadRequestError('A submitted order takes a number from createOrderNumber');
  }
  const orderId = options.idempotencyKey ? idempotentOrderId(options.idempotencyKey, by.userId) : randomUUID();
  if (options.idempotencyKey) {
    const replay = await getWhole(orderId);
    if (replay) return toOrder(replay.header, replay.lines);
  }
  // Everything the order needs is read at once (a number taken here and then not used is a gap).
  const [customer, catalog, locations, orderNum, driverName] = await Promise.all([
    getCustomerItem(body.customerID),
    loadCatalog(body.products),
    listLocations(),
    body.orderNum ?? (draft ? draftOrderNumber(randomUUID) : takeOrderNumber()),
    checkDriver(body.pickupOrder ? null : body.deliveryDriverId),
  ]);
  if (!customer) throw new BadRequestError('Customer not found');
  const lines = buildLines(body.products, catalog, []);
  if (lines.length === 0) throw new BadRequestError('The cart is empty');
  const effects = stockEffects(null, status, stockLines(lines));
  checkBatchesCheckedIn(effects, catalog, lines);
  const packingLocationId = await packingLocation(body.packingLocationId, lines, locations, catalog.names?.brandItems);

  const now = new Date().toISOString();
  const groups = groupsOf(lines);
  const pickup = body.pickupOrder ?? false;
  const driverId = pickup ? undefined : (body.deliveryDriverId ?? undefined);
  const header: OrderItemRecord = {
    orderId,
    orderNum,
    orderStatus: status,
    paymentStatus: body.paymentStatus,
    ...stampStatusChanges(null, { orderStatus: status, paymentStatus: body.paymentStatus }, now),
    createdAt: now,
    createdMonth: monthOf(now),
    createdBy: by.userId,
    modifiedOn: now,
    version: 1,
    customerID: customer.customerId,
    customerName: customer.customerName,
    ...(customer.accountOwnerID ? { accountOwnerID: customer.accountOwnerID } : {}),
    pickupOrder: pickup,
    ...(body.deliveryDate ? { deliveryDate: body.deliveryDate } : {}),
    ...(driverId ? { driverId } : {}),
    driverKey: driverId ?? NO_DRIVER,
    packingLocationId,
    ...(body.notes ? { notes: body.notes } : {}),
    ...(body.discountNotes ? { discountNotes: body.discountNotes } : {}),
    ...figures(lines, body.dollarAdjustment),
    paidCents: 0,
    lineCount: lines.length,
    lineGroups: groups.length,
    skuQuantities: skuQuantitiesOf(lines),
  };
  const cause = orderCause({ id: orderId, orderNum, status }, by, now);
  const ledger = ledgerUpdates(
    ledgerChangesOf(effects, (sku) => catalog.productIdOf.get(sku)!),
    { cause },
  );
  const changes: FieldChange[] = [
    ...diffChanges<Record<string, unknown>>(
      undefined,
      wireHeader(header, {
        locations,
        ...(driverId && driverName ? { drivers: new Map([[driverId, driverName]]) } : {}),
      }),
      ORDER_FIELD_LABELS,
    ),
    ...lineChanges([], lines),
  ];
  const firstLedger = 3 + groups.length;
  try {
    await commitOrExplain(
      () =>
        db()
          .transaction.write((e) => [
            e.order.create(header).commit(),
            e.orderNumber.create({ orderNum, orderId }).commit(),
            e.changeLog
              .create(
                changeEntry({ caller: by, entityType: 'order', entityId: orderId, action: 'create', changes, at: now }),
              )
              .commit(),
            ...groups.map((g, group) => e.orderLines.create({ orderId, group, lines: g }).commit()),
            ...ledger.map(transactItem),
          ])
          .go(),
      (failed) => {
        if (failed.includes(0)) return new OrderExists();
        if (failed.includes(1)) return new ConflictError(`Order number ${orderNum} is already in use`);
        const short = failed.filter((i) => i >= firstLedger).map((i) => ledger[i - firstLedger]!);
        if (short.length) return new LedgerShortage(short);
        return new ConflictError('The order could not be saved; try again');
      },
    );
  } catch (error) {
    if (error instanceof LedgerShortage) throw await shortageError(error.updates, lines);
    if (error instanceof OrderExists) {
      const existing = await getWhole(orderId);
      if (existing && options.idempotencyKey) return toOrder(existing.header, existing.lines);
      throw new ConflictError('An order with this id already exists');
    }
    throw error;
  }
  return toOrder(header, lines);
}

const STALE = 'This order was changed by someone else since you opened it; reload it and try again';

/** The number an order gets when its status changes (spec section 4, Edit order), enforced on the server. */
async function numberFor(
  before: OrderItemRecord,
  nextStatus: OrderStatus,
  asked: string | undefined,
): Promise<{ orderNum: string; draftOrderNum?: string }> {
  const wasDraft = before.orderStatus === 'DRAFT';
  const isDraft = nextStatus === 'DRAFT';
  const keepDraft = before.draftOrderNum ? { draftOrderNum: before.draftOrderNum } : {};
  if (asked !== undefined && asked !== before.orderNum) {
    if (isDraft && !isDraftNumber(asked) && !NUMERIC.test(asked))
      throw new BadRequestError('An order number is digits, or DRAFT_ and an id for a draft');
    if (!isDraft && !NUMERIC.test(asked))
      throw new BadRequestError('A submitted order takes a number from createOrderNumber');
    return {
      orderNum: asked,
      ...(isDraftNumber(before.orderNum) ? { draftOrderNum: before.orderNum } : keepDraft),
    };
  }
  if (wasDraft && !isDraft && isDraftNumber(before.orderNum))
    return { orderNum: await takeOrderNumber(), draftOrderNum: before.orderNum };
  if (!wasDraft && isDraft && before.draftOrderNum) return { orderNum: before.draftOrderNum, ...keepDraft };
  return { orderNum: before.orderNum, ...keepDraft };
}

/** Changes an order (PUT /db/orders/update/{id}, and setStatus). */
export async function updateOrder(orderId: string, body: UpdateOrderBody, by: Actor): Promise<Order> {
  const found = await getWhole(orderId);
  if (!found) throw new NotFoundError('Order not found');
  const { header: before, lines: beforeLines } = found;
  if (body.modifiedOn !== undefined && body.modifiedOn !== before.modifiedOn) throw new ConflictError(STALE);

  const nextStatus: OrderStatus = body.orderStatus ?? before.orderStatus;
  const nextPayment: PaymentStatus = body.paymentStatus ?? before.paymentStatus;
  const pickup = body.deliveryType === undefined ? before.pickupOrder : body.deliveryType === 'pickup';
  const driverId = pickup ? undefined : body.driverId === undefined ? before.driverId : (body.driverId ?? undefined);
  const locationChanged = body.packingLocationId !== undefined && body.packingLocationId !== before.packingLocationId;
  const driverChanged = driverId !== before.driverId;
  const [catalog, locations, driverName, previousDriver] = await Promise.all([
    body.orderItems ? loadCatalog(body.orderItems, beforeLines) : undefined,
    locationChanged ? listLocations() : [],
    driverChanged ? checkDriver(driverId) : undefined,
    driverChanged && before.driverId ? getUser(before.driverId) : undefined,
  ]);
  const names: DisplayNames = {
    locations,
    drivers: new Map([
      ...(driverId && driverName ? [[driverId, driverName] as const] : []),
      ...(before.driverId && previousDriver ? [[before.driverId, previousDriver.name] as const] : []),
    ]),
  };
  const lines = body.orderItems && catalog ? buildLines(body.orderItems, catalog, beforeLines) : beforeLines;
  if (lines.length === 0) throw new BadRequestError('The cart is empty');
  const productIdOf = (sku: string) =>
    catalog?.productIdOf.get(sku) ??
    beforeLines.find((l) => l.sku === sku)?.productId ??
    lines.find((l) => l.sku === sku)!.productId;

  const effects = stockEffects(before.orderStatus, nextStatus, {
    prev: stockLines(beforeLines),
    next: stockLines(lines),
  });
  if (catalog) checkBatchesCheckedIn(effects, catalog, lines);
  else {
    const needing = effects.batches.filter((d) => d.remaining - d.reserved < 0);
    if (needing.length) {
      const { data } = await db()
        .entities.batch.get(needing.map((d) => ({ productId: productIdOf(d.sku), batchId: d.batchId })))
        .go();
      checkBatchesCheckedIn(effects, { batches: new Map(data.map((b) => [b.batchId, b])) } as Catalog, lines);
    }
  }
  let packingLocationId = before.packingLocationId;
  if (locationChanged)
    packingLocationId = await packingLocation(body.packingLocationId, lines, locations, catalog?.names?.brandItems);

  const number = await numberFor(before, nextStatus, body.orderNum);
  const now = new Date().toISOString();
  const groups = groupsOf(lines);
  const money = figures(lines, body.dollarAdjustment, before.discountCents);
  const {
    draftOrderNum: _d,
    driverId: _dr,
    deliveryDate: _dd,
    notes: _n,
    discountNotes: _dn,
    packingLocationId: _p,
    ...kept
  } = before;
  const deliveryDate = body.deliveryDate === undefined ? before.deliveryDate : (body.deliveryDate ?? undefined);
  const notes = body.notes === undefined ? before.notes : body.notes;
  const discountNotes = body.discountNotes === undefined ? before.discountNotes : body.discountNotes;
  const after: OrderItemRecord = {
    ...kept,
    ...number,
    orderStatus: nextStatus,
    paymentStatus: nextPayment,
    ...stampStatusChanges(before, { orderStatus: nextStatus, paymentStatus: nextPayment }, now),
    modifiedOn: now,
    version: before.version + 1,
    pickupOrder: pickup,
    ...(deliveryDate ? { deliveryDate } : {}),
    ...(driverId ? { driverId } : {}),
    driverKey: driverId ?? NO_DRIVER,
    ...(packingLocationId ? { packingLocationId } : {}),
    ...(notes ? { notes } : {}),
    ...(discountNotes ? { discountNotes } : {}),
    ...money,
    lineCount: lines.length,
    lineGroups: groups.length,
    skuQuantities: skuQuantitiesOf(lines),
  };
  const changes = [
    ...diffChanges<Record<string, unknown>>(
      wireHeader(before, names),
      wireHeader({ ...after, ...(after.driverId ? {} : { driverId: undefined }) }, names),
      ORDER_FIELD_LABELS,
    ),
    ...(body.orderItems ? lineChanges(beforeLines, lines) : []),
  ];
  if (changes.length === 0 && !body.orderItems) return toOrder(before, beforeLines);

  const numberChanged = after.orderNum !== before.orderNum;
  const ledger = ledgerUpdates(ledgerChangesOf(effects, productIdOf), {
    cause: orderCause({ id: orderId, orderNum: after.orderNum, status: nextStatus }, by, now),
  });
  const writeLines = Boolean(body.orderItems);
  const staleGroups = writeLines ? Math.max(0, before.lineGroups - groups.length) : 0;
  const firstLedger = 2 + (numberChanged ? 2 : 0) + (writeLines ? groups.length + staleGroups : 0);
  try {
    await commitOrExplain(
      () =>
        db()
          .transaction.write((e) => [
            e.order
              .put(after)
              .where(({ version }, { eq }) => eq(version, before.version))
              .commit(),
            e.changeLog
              .create(
                changeEntry({ caller: by, entityType: 'order', entityId: orderId, action: 'update', changes, at: now }),
              )
              .commit(),
            ...(numberChanged
              ? [
                  e.orderNumber.create({ orderNum: after.orderNum, orderId }).commit(),
                  e.orderNumber.delete({ orderNum: before.orderNum }).commit(),
                ]
              : []),
            ...(writeLines
              ? [
                  ...groups.map((g, group) => e.orderLines.put({ orderId, group, lines: g }).commit()),
                  ...Array.from({ length: staleGroups }, (_, i) =>
                    e.orderLines.delete({ orderId, group: groups.length + i }).commit(),
                  ),
                ]
              : []),
            ...ledger.map(transactItem),
          ])
          .go(),
      (failed) => {
        if (failed.includes(0)) return new ConflictError(STALE);
        if (numberChanged && failed.includes(2))
          return new ConflictError(`Order number ${after.orderNum} is already in use`);
        const short = failed.filter((i) => i >= firstLedger).map((i) => ledger[i - firstLedger]!);
        if (short.length) return new LedgerShortage(short);
        return new ConflictError('The order could not be saved; try again');
      },
    );
  } catch (error) {
    if (error instanceof LedgerShortage) throw await shortageError(error.updates, lines);
    throw error;
  }
  return toOrder(after, lines);
}

/** The header of an order (for access checks), or undefined. */
export async function getOrderHeader(idOrNumber: string) {
  const id = await resolveOrderId(idOrNumber);
  const header = id ? await getHeader(id) : undefined;
  return header ? toOrderSummary(header) : undefined;
}

// ------------------------------------------------------------------------------------------- bulk

export interface BulkOrderLine {
  product: ProductItem;
  batch?: Pick<BatchItem, 'batchId' | 'batchNumber'>;
  quantity: number;
  priceCents: number;
  tagsPulled?: boolean;
}

export interface BulkOrder {
  customer: { customerId: string; customerName: string; accountOwnerID?: string };
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
  pickupOrder: boolean;
  deliveryDate?: string;
  driverId?: string;
  packingLocationId: string;
  notes?: string;
  discountCents?: number;
  discountNotes?: string;
  /** What payments have covered, for demo data: all of the total or half of it. */
  paid?: 'all' | 'half';
  lines: BulkOrderLine[];
}

/**
 * Seeding path (demo data, benchmarks): writes many orders with the same items as `createOrder` (header,
 * line groups, number guard, change-log entry) through BatchWriteItem, numbers taken from the counter in
 * one `ADD n`, and the stock effects of all of them summed into the ledger afterwards. It does NOT check
 * batch availability: the caller plans quantities that fit. Not for concurrent use with live orders.
 */
const paidOf = (o: BulkOrder, total: number): number =>
  o.paid === 'all' ? total : o.paid === 'half' ? Math.round(total / 2) : 0;

export async function createOrdersBulk(orders: readonly BulkOrder[], by: Actor): Promise<Order[]> {
  if (orders.length === 0) return [];
  const names = await loadCatalogNames();
  const numbered = orders.filter((o) => o.orderStatus !== 'DRAFT').length;
  let next = 0;
  if (numbered > 0) {
    const { data } = await db()
      .entities.orderCounter.update({ name: 'salesOrders' })
      .add({ seq: numbered })
      .go({ response: 'updated_new' });
    next = (data.seq ?? numbered) - numbered + 1;
  }
  const headers: OrderItemRecord[] = [];
  const groups: OrderLinesRecord[] = [];
  const entries: ReturnType<typeof changeEntry>[] = [];
  const ledger: ReturnType<typeof ledgerChangesOf> = [];
  const result: Order[] = [];
  for (const o of orders) {
    const orderId = randomUUID();
    const lines: StoredLine[] = o.lines.map((l) => {
      const extractName = l.product.extractTypeID ? names.extractTypes.get(l.product.extractTypeID)?.name : undefined;
      return {
        id: randomUUID(),
        productId: l.product.productId,
        sku: l.product.sku,
        batchId: l.batch?.batchId ?? null,
        ...(l.batch ? { batchNumber: l.batch.batchNumber } : {}),
        quantity: l.quantity,
        priceCents: l.priceCents,
        baseCents: l.product.basePriceCents,
        ...(l.product.costCents === undefined ? {} : { costCents: l.product.costCents }),
        name: l.product.name,
        brandId: l.product.brandID,
        brand: names.brands.get(l.product.brandID)?.name ?? '',
        type: names.types.get(l.product.typeID)?.name ?? '',
        ...(l.product.genetics ? { genetics: l.product.genetics } : {}),
        ...(extractName ? { extractType: extractName } : {}),
        ...(l.product.weight === undefined ? {} : { weight: l.product.weight }),
        shouldHaveTag: l.product.hasBatch,
        tagsPulled: Boolean(l.batch && l.tagsPulled),
      };
    });
    const lineGroups = groupsOf(lines);
    const money = figures(lines, undefined, 0);
    const header: OrderItemRecord = {
      orderId,
      orderNum: o.orderStatus === 'DRAFT' ? draftOrderNumber(randomUUID) : formatOrderNumber(next++),
      orderStatus: o.orderStatus,
      paymentStatus: o.paymentStatus,
      statusModifiedOn: o.createdAt,
      paymentModifiedOn: o.createdAt,
      createdAt: o.createdAt,
      createdMonth: monthOf(o.createdAt),
      createdBy: by.userId,
      modifiedOn: o.createdAt,
      version: 1,
      customerID: o.customer.customerId,
      customerName: o.customer.customerName,
      ...(o.customer.accountOwnerID ? { accountOwnerID: o.customer.accountOwnerID } : {}),
      pickupOrder: o.pickupOrder,
      ...(o.deliveryDate ? { deliveryDate: o.deliveryDate } : {}),
      ...(o.driverId && !o.pickupOrder ? { driverId: o.driverId } : {}),
      driverKey: (!o.pickupOrder && o.driverId) || NO_DRIVER,
      packingLocationId: o.packingLocationId,
      ...(o.notes ? { notes: o.notes } : {}),
      ...money,
      discountCents: Math.min(o.discountCents ?? 0, money.subtotalCents),
      ...(o.discountNotes ? { discountNotes: o.discountNotes } : {}),
      paidCents: paidOf(o, money.subtotalCents - Math.min(o.discountCents ?? 0, money.subtotalCents)),
      lineCount: lines.length,
      lineGroups: lineGroups.length,
      skuQuantities: skuQuantitiesOf(lines),
    };
    headers.push(header);
    lineGroups.forEach((g, group) => groups.push({ orderId, group, lines: g }));
    entries.push(
      changeEntry({
        caller: by,
        entityType: 'order',
        entityId: orderId,
        action: 'create',
        changes: diffChanges<Record<string, unknown>>(undefined, wireHeader(header), ORDER_FIELD_LABELS),
        at: o.createdAt,
      }),
    );
    const productIds = new Map(lines.map((l) => [l.sku, l.productId]));
    ledger.push(
      ...ledgerChangesOf(stockEffects(null, o.orderStatus, stockLines(lines)), (sku) => productIds.get(sku)!),
    );
    result.push(toOrder(header, lines));
  }
  const options = { concurrency: 8 };
  const written = await Promise.all([
    db().entities.order.put(headers).go(options),
    db().entities.orderLines.put(groups).go(options),
    db()
      .entities.orderNumber.put(headers.map((h) => ({ orderNum: h.orderNum, orderId: h.orderId })))
      .go(options),
    db().entities.changeLog.put(entries).go(options),
  ]);
  if (written.some((w) => w.unprocessed.length > 0)) throw new Error('Some order items were not written');
  await applyLedgerChanges(
    ledger.map((c) => {
      if (c.kind !== 'addBatch') return c;
      const { requireFree: _unchecked, ...change } = c;
      return change;
    }),
  );
  return result;
}
