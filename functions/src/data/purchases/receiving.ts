import { linesToReceive, type FieldChange } from '@bo/shared';
import type { Actor } from '../../domain';
import type { BatchItem } from '../products';
import { newBatchItem } from '../products/batches';
import { type LedgerChange, type LedgerUpdate, ledgerUpdates, orderCause } from '../stock-ledger';
import type { PurchaseHeaderItem, StoredPurchaseLine } from './entity';
import { receivedChanges } from './history';

/**
 * What receiving some lines writes (rules/purchasing/receiving.ts says which): each line's units added to its
 * product's stock in the stock ledger, with a cause naming the purchase order so stock history records the
 * movement; for a product that keeps batches a checked-in batch numbered `PO-<number>`, received today, with
 * the line's units (remaining and free in the ledger); the line marked stocked.
 */

/** Lines received in one transaction at most: each can add a batch and a ledger bucket (100 items a transaction). */
export const RECEIVE_CHUNK = 40;

export const purchaseBatchNumber = (purchaseOrderNum: string) => `PO-${purchaseOrderNum}`;

export interface ReceivePlan {
  lines: StoredPurchaseLine[];
  receivedSkus: Set<string>;
  batches: BatchItem[];
  ledger: LedgerUpdate[];
  changes: FieldChange[];
}

/** The lines to receive, as the wire rule sees them (`quantity`, `productSku`). */
export const receivableSkus = (lines: readonly StoredPurchaseLine[], onlySkus?: readonly string[]): string[] =>
  linesToReceive(
    lines.map((l) => ({ productSku: l.sku, quantity: l.quantity, hasBeenStocked: l.hasBeenStocked })),
    onlySkus,
  ).map((l) => l.productSku);

export function receivePlan(
  after: Pick<PurchaseHeaderItem, 'purchaseOrderId' | 'purchaseOrderNum' | 'orderStatus'>,
  lines: readonly StoredPurchaseLine[],
  skus: readonly string[],
  by: Actor,
  now: string,
): ReceivePlan {
  const wanted = new Set(skus);
  const batches: BatchItem[] = [];
  const changes: LedgerChange[] = [];
  const received: StoredPurchaseLine[] = [];
  const out = lines.map((line) => {
    if (!wanted.has(line.sku) || line.hasBeenStocked) return line;
    changes.push({ kind: 'add', productId: line.productId, counter: 'stock', amount: line.quantity });
    let batchId: string | undefined;
    if (line.hasBatch) {
      const batch = newBatchItem(
        line.productId,
        {
          batchNumber: purchaseBatchNumber(after.purchaseOrderNum),
          receivedOn: now.slice(0, 10),
          isCheckedIn: true,
          initialQuantity: line.quantity,
        },
        now,
      );
      batches.push(batch);
      batchId = batch.batchId;
      changes.push({
        kind: 'addBatch',
        productId: line.productId,
        batchId,
        remaining: line.quantity,
        free: line.quantity,
      });
    }
    const stocked = { ...line, hasBeenStocked: true, ...(batchId ? { batchId } : {}) };
    received.push(stocked);
    return stocked;
  });
  const cause = orderCause(
    { id: after.purchaseOrderId, orderNum: after.purchaseOrderNum, status: 'RECEIVED', kind: 'purchaseOrder' },
    by,
    now,
  );
  return {
    lines: out,
    receivedSkus: new Set(received.map((l) => l.sku)),
    batches,
    ledger: changes.length ? ledgerUpdates(changes, { cause }) : [],
    changes: receivedChanges(received),
  };
}
