import { ENTITY_ATTRIBUTE, eq, or } from '../core';
import { batchPutRaw } from '../core/batch-write';
import { scanPages } from '../core/scan';
import {
  LEDGER_PK,
  LEGACY_LEDGER_PK,
  applyLedgerChanges,
  ledgerName,
  queryLedgerItems,
  type LedgerChange,
  type LedgerCounter,
} from '../stock-ledger';

/**
 * One-off migrations of the stock ledger, run at start-up of kept local data (infra/local/src/stack.ts);
 * never on a request path, which is why a Scan is allowed here (ARCHITECTURE.md: no Scan outside one-off
 * migrations).
 */

/**
 * Version 1 of the ledger (named by whole ids) becomes version 2 (short keys): each bucket is rewritten under
 * the new partition with the same bucket number (buckets are chosen by product id in both). Returns how many
 * counters moved.
 */
async function renameLegacyLedger(): Promise<number> {
  const items = await queryLedgerItems(LEGACY_LEDGER_PK);
  let moved = 0;
  const renamed = items.map((item) => {
    const bucket: Record<string, unknown> = { pk: LEDGER_PK, sk: item.sk };
    for (const [name, value] of Object.entries(item)) {
      const match = /^([sprf])#(.+)$/.exec(name);
      if (!match || typeof value !== 'number') continue;
      bucket[ledgerName(match[1] as LedgerCounter, match[2]!)] = value;
      moved++;
    }
    return bucket;
  });
  await batchPutRaw(renamed);
  return moved;
}

/**
 * One-off migration for tables written before the ledger (issue 5): when the ledger holds nothing yet, the
 * stock, pending outbound and batch remaining units stored on product and batch items move into it. A Scan
 * (filtered to product and batch items) is acceptable here: it runs once, at start-up of kept local data.
 * Idempotent: once any bucket exists it does nothing. Returns how many products (or, from a version-1
 * ledger, counters) were moved.
 */
export async function backfillStockLedger(): Promise<number> {
  if ((await queryLedgerItems(LEDGER_PK, 1)).length > 0) return 0;
  const legacy = await renameLegacyLedger();
  if (legacy > 0) return legacy;
  const changes: LedgerChange[] = [];
  let products = 0;
  for await (const page of scanPages(or(eq(ENTITY_ATTRIBUTE, 'product'), eq(ENTITY_ATTRIBUTE, 'batch')))) {
    for (const item of page) {
      const productId = String(item.productId);
      if (item[ENTITY_ATTRIBUTE] === 'product') {
        products++;
        const stock = Number(item.stock ?? 0);
        const pending = Number(item.pendingOutboundQuantity ?? 0);
        if (stock) changes.push({ kind: 'add', productId, counter: 'stock', amount: stock });
        if (pending) changes.push({ kind: 'add', productId, counter: 'pending', amount: pending });
      } else {
        const remaining = Number(item.remainingQuantity ?? item.initialQuantity ?? 0);
        changes.push({ kind: 'addBatch', productId, batchId: String(item.batchId), remaining, free: remaining });
      }
    }
  }
  await applyLedgerChanges(changes);
  return products;
}
