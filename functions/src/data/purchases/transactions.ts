import { type Actor, ConflictError } from '../../domain';
import { type Transaction, and, eq, transaction } from '../core';
import { type ChangeInput, logChange } from '../change-log';
import { type BatchItem, batchEntity } from '../products';
import { type LedgerUpdate, addLedgerUpdate } from '../stock-ledger';
import {
  type PurchaseHeaderItem,
  type StoredPurchaseLine,
  purchaseLinesEntity,
  purchaseNumberEntity,
  purchaseOrderEntity,
} from './entity';
import { groupsOf } from './records';

/**
 * The one transaction of a purchase-order write, each item under a name (`purchase order`, `number guard`,
 * `lines N`, `batch SKU`, `ledger N`, `change log`), so a cancellation is explained by what failed:
 * - the header: only if absent (create) or still at the version read (every other write);
 * - the line groups, when lines changed: a received line's group is also conditioned on that line still
 *   being unstocked (`lines[i].hasBeenStocked = false`), so a line is stocked once only even if the version
 *   check were bypassed;
 * - the batches checked in for received lines of batched products, and the stock-ledger buckets;
 * - the change-log entry.
 */

export const HEADER = 'purchase order';
const NUMBER_GUARD = 'number guard';
const linesItem = (group: number) => `lines ${group}`;

export interface PurchaseWrite {
  before?: { header: PurchaseHeaderItem; lines: readonly StoredPurchaseLine[] };
  after: PurchaseHeaderItem;
  lines: readonly StoredPurchaseLine[];
  /** SKUs this write stocks (their lines were unstocked before). */
  receivedSkus: ReadonlySet<string>;
  batches: readonly BatchItem[];
  ledger: readonly LedgerUpdate[];
  change: Omit<ChangeInput, 'entityType' | 'entityId' | 'caller'> & { caller: Actor };
  writeLines: boolean;
}

export function purchaseTransaction(write: PurchaseWrite): Transaction {
  const { before, after, lines, receivedSkus } = write;
  const id = after.purchaseOrderId;
  const tx = transaction().put(
    HEADER,
    purchaseOrderEntity,
    after,
    before ? { condition: eq('version', before.header.version) } : { ifAbsent: true },
  );
  if (!before || before.header.purchaseOrderNum !== after.purchaseOrderNum)
    tx.put(
      NUMBER_GUARD,
      purchaseNumberEntity,
      { purchaseOrderNum: after.purchaseOrderNum, purchaseOrderId: id },
      { ifAbsent: true },
    );
  if (before && before.header.purchaseOrderNum !== after.purchaseOrderNum)
    tx.delete('old number guard', purchaseNumberEntity, { purchaseOrderNum: before.header.purchaseOrderNum });
  logChange(tx, { ...write.change, entityType: 'purchaseOrder', entityId: id });
  if (write.writeLines) {
    const unstockedAt = unstockedPositions(before?.lines ?? [], receivedSkus);
    const groups = groupsOf(lines);
    const count = Math.max(groups.length, before?.header.lineGroups ?? 0);
    for (let group = 0; group < count; group++) {
      const positions = unstockedAt.get(group) ?? [];
      const options = positions.length
        ? { condition: and(...positions.map((i) => eq(['lines', i, 'hasBeenStocked'], false))) }
        : {};
      const groupLines = groups[group];
      if (groupLines)
        tx.put(linesItem(group), purchaseLinesEntity, { purchaseOrderId: id, group, lines: groupLines }, options);
      else tx.delete(linesItem(group), purchaseLinesEntity, { purchaseOrderId: id, group }, options);
    }
  }
  for (const batch of write.batches) tx.put(`batch ${batch.batchId}`, batchEntity, batch, { ifAbsent: true });
  write.ledger.forEach((u, i) => addLedgerUpdate(tx, `ledger ${i}`, u));
  return tx;
}

/** Per group of the stored layout, the positions of the lines this write receives. */
function unstockedPositions(lines: readonly StoredPurchaseLine[], skus: ReadonlySet<string>): Map<number, number[]> {
  const out = new Map<number, number[]>();
  groupsOf(lines).forEach((group, g) =>
    group.forEach((line, i) => {
      if (skus.has(line.sku)) out.set(g, [...(out.get(g) ?? []), i]);
    }),
  );
  return out;
}

export const STALE_PURCHASE_ORDER =
  'This purchase order was changed by someone else since you opened it; reload it and try again';

/** The header or a received line's condition failed: another write got there first. */
export class PurchaseOrderMoved extends ConflictError {}

/** Commits a purchase-order write; a failed header or line condition is a PurchaseOrderMoved (409). */
export async function commitPurchaseWrite(tx: Transaction, purchaseOrderNum: string): Promise<void> {
  await tx.commit((failed) => {
    if (failed.has(HEADER) || [...failed].some((name) => name.startsWith('lines ')))
      return new PurchaseOrderMoved(STALE_PURCHASE_ORDER);
    if (failed.has(NUMBER_GUARD))
      return new ConflictError(`Purchase order number ${purchaseOrderNum} is already in use`);
    return undefined;
  });
}
