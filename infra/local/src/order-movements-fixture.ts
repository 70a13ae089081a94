import { stockEffects, type Order } from '@bo/shared';
import type { Actor, StockView } from '@bo/functions/data';
import { movementEntry, writeMovementEntries, type LedgerCause } from '@bo/functions/data/stock-movements';

/**
 * The stock history of the demo orders written through the bulk seeding path. That path sums the stock
 * effects of all its orders into the ledger at once (one write per bucket, with no cause), so the stream
 * sees no per-order moves; the seeder records them itself instead. It replays each order's effect in creation
 * order from the counters before the seed, and writes the entries the stream consumer writes for a live
 * order (same builder, same idempotent keys: the move is `seed:<order id>`), dated when the order was
 * placed. Orders seeded through `createOrder` get theirs from the stream like any other.
 */
export async function recordSeededMovements(
  orders: readonly Order[],
  before: StockView,
  productIdOf: (sku: string) => string,
  actor: Actor,
): Promise<{ written: number; existing: number }> {
  const stock = new Map<string, number>();
  const pending = new Map<string, number>();
  const entries = [];
  for (const order of [...orders].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const cause: LedgerCause = {
      move: `seed:${order.id}`,
      at: order.createdAt,
      userId: actor.userId,
      ...(actor.name ? { userName: actor.name } : {}),
      order: { id: order.id, orderNum: order.orderNum, status: order.orderStatus },
    };
    for (const delta of stockEffects(null, order.orderStatus, order.orderedItems).products) {
      const productId = productIdOf(delta.sku);
      const s = stock.get(productId) ?? before.stock(productId);
      const p = pending.get(productId) ?? before.pending(productId);
      stock.set(productId, s + delta.stock);
      pending.set(productId, p + delta.pendingOutbound);
      entries.push(
        movementEntry(cause, {
          productId,
          ...(delta.stock ? { stock: [s, s + delta.stock] as const } : {}),
          ...(delta.pendingOutbound ? { pending: [p, p + delta.pendingOutbound] as const } : {}),
        }),
      );
    }
  }
  return writeMovementEntries(entries);
}
