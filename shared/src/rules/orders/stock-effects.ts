import type { OrderItem, OrderStatus } from '../../schemas/orders';

/**
 * Stock effects of sales orders: the decision (the spec does not say when an order moves stock).
 *
 * An order *holds* stock according to its status:
 * - DRAFT (and no order at all) holds nothing.
 * - RECEIVED, FULFILLMENT, PACKED (open) *reserve*: each line's quantity counts in its product's
 *   `pendingOutboundQuantity`; its batch units are reserved while the line's tags are not pulled, and taken
 *   off the batch's `remainingQuantity` once they are (a pulled tag has physically left the batch).
 * - DELIVERED, COMPLETED *consume*: each line's quantity is off the product's `stock` (and no longer
 *   pending), and its batch units are off the batch's `remainingQuantity`.
 * - CANCELLED, REFUNDED hold nothing: whatever was reserved or consumed comes back (a refunded order's
 *   goods return to stock; writing damaged returns off is a separate stock adjustment).
 *
 * The effect of any change (a status transition, an edit of lines, or both at once) is what the order holds
 * after it minus what it held before, per SKU and per batch. So effects compose: A→B then B→C equals A→C,
 * nothing is consumed twice, and going to CANCELLED from anywhere gives back exactly what the order held.
 * `available = stock − pendingOutboundQuantity` therefore always equals the starting availability minus
 * what open and delivered orders hold.
 *
 * Per batch two counters move: `remaining` (the batch's `remainingQuantity`) and `reserved` (units held by
 * open orders whose tags are not pulled: what batch allocation subtracts as "open order quantity whose tags
 * are not pulled"). A batch can give a cart `remainingQuantity − reserved` units.
 */

export type StockLine = Pick<OrderItem, 'productSku' | 'quantity'> &
  Partial<Pick<OrderItem, 'productBatchId' | 'tagsPulled'>>;

export const RESERVING_STATUSES: readonly OrderStatus[] = ['RECEIVED', 'FULFILLMENT', 'PACKED'];
export const CONSUMING_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COMPLETED'];

export type StockHold = 'none' | 'reserved' | 'consumed';
/** How an order in this status holds its lines' stock; null is "no order" (before create, after delete). */
export const stockHold = (status: OrderStatus | null): StockHold =>
  status === null
    ? 'none'
    : RESERVING_STATUSES.includes(status)
      ? 'reserved'
      : CONSUMING_STATUSES.includes(status)
        ? 'consumed'
        : 'none';

export interface ProductStockDelta {
  sku: string;
  /** Change of the product's `stock`. */
  stock: number;
  /** Change of the product's `pendingOutboundQuantity`. */
  pendingOutbound: number;
}
export interface BatchStockDelta {
  batchId: string;
  sku: string;
  /** Change of the batch's `remainingQuantity`. */
  remaining: number;
  /** Change of the units open orders hold of the batch with tags not pulled. */
  reserved: number;
}
/** Non-zero changes only, sorted by SKU and by batch id. */
export interface StockEffects {
  products: ProductStockDelta[];
  batches: BatchStockDelta[];
}

/** What an order holds: per SKU units pending or consumed; per batch units reserved or taken off it. */
export interface StockHoldings {
  products: Map<string, { pending: number; consumed: number }>;
  batches: Map<string, { sku: string; reserved: number; taken: number }>;
}

const whole = (n: number): number => (Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0);

export function stockHoldings(status: OrderStatus | null, lines: readonly StockLine[]): StockHoldings {
  const holdings: StockHoldings = { products: new Map(), batches: new Map() };
  const hold = stockHold(status);
  if (hold === 'none') return holdings;
  for (const line of lines) {
    const quantity = whole(line.quantity);
    const product = holdings.products.get(line.productSku) ?? { pending: 0, consumed: 0 };
    if (hold === 'reserved') product.pending += quantity;
    else product.consumed += quantity;
    holdings.products.set(line.productSku, product);
    if (!line.productBatchId) continue;
    const batch = holdings.batches.get(line.productBatchId) ?? { sku: line.productSku, reserved: 0, taken: 0 };
    if (hold === 'reserved' && !line.tagsPulled) batch.reserved += quantity;
    else batch.taken += quantity;
    holdings.batches.set(line.productBatchId, batch);
  }
  return holdings;
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stock changes of a change to an order: its status from `prevStatus` to `nextStatus` (null for an order
 * that does not exist before or after), and its lines from `lines.prev` to `lines.next` (or the same lines
 * on both sides).
 */
export function stockEffects(
  prevStatus: OrderStatus | null,
  nextStatus: OrderStatus | null,
  lines: readonly StockLine[] | { prev: readonly StockLine[]; next: readonly StockLine[] },
): StockEffects {
  const [prevLines, nextLines] = 'prev' in lines ? [lines.prev, lines.next] : [lines, lines];
  const before = stockHoldings(prevStatus, prevLines);
  const after = stockHoldings(nextStatus, nextLines);
  const none = { pending: 0, consumed: 0 };
  const products: ProductStockDelta[] = [];
  for (const sku of [...new Set([...before.products.keys(), ...after.products.keys()])].sort(byKey)) {
    const was = before.products.get(sku) ?? none;
    const now = after.products.get(sku) ?? none;
    const delta = { sku, stock: was.consumed - now.consumed, pendingOutbound: now.pending - was.pending };
    if (delta.stock !== 0 || delta.pendingOutbound !== 0) products.push(delta);
  }
  const batches: BatchStockDelta[] = [];
  for (const batchId of [...new Set([...before.batches.keys(), ...after.batches.keys()])].sort(byKey)) {
    const was = before.batches.get(batchId);
    const now = after.batches.get(batchId);
    const sku = (now ?? was)?.sku ?? '';
    const delta = {
      batchId,
      sku,
      remaining: (was?.taken ?? 0) - (now?.taken ?? 0),
      reserved: (now?.reserved ?? 0) - (was?.reserved ?? 0),
    };
    if (delta.remaining !== 0 || delta.reserved !== 0) batches.push(delta);
  }
  return { products, batches };
}

export const hasStockEffects = (effects: StockEffects): boolean =>
  effects.products.length > 0 || effects.batches.length > 0;

/** Stock counters as stored, keyed by SKU and by batch id. */
export interface StockLevels {
  products: Record<string, { stock: number; pendingOutboundQuantity: number }>;
  batches: Record<string, { remainingQuantity: number; reservedQuantity: number }>;
}

/** The counters after the effects (a new object). Keys the levels lack start at 0. */
export function applyStockEffects(levels: StockLevels, effects: StockEffects): StockLevels {
  const products = { ...levels.products };
  for (const d of effects.products) {
    const p = products[d.sku] ?? { stock: 0, pendingOutboundQuantity: 0 };
    products[d.sku] = {
      stock: p.stock + d.stock,
      pendingOutboundQuantity: p.pendingOutboundQuantity + d.pendingOutbound,
    };
  }
  const batches = { ...levels.batches };
  for (const d of effects.batches) {
    const b = batches[d.batchId] ?? { remainingQuantity: 0, reservedQuantity: 0 };
    batches[d.batchId] = {
      remainingQuantity: b.remainingQuantity + d.remaining,
      reservedQuantity: b.reservedQuantity + d.reserved,
    };
  }
  return { products, batches };
}
