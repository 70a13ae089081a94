import { purchaseReceiveRefusal, type PurchaseOrder } from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, ConflictError, NotFoundError, BadRequestError } from '../../domain';
import type { PurchaseHeaderItem, StoredPurchaseLine } from './entity';
import { findPurchase, getWholePurchase } from './reads';
import { RECEIVE_CHUNK, receivableSkus, receivePlan } from './receiving';
import { lineFigures, toPurchaseOrder } from './records';
import { PurchaseOrderMoved, commitPurchaseWrite, purchaseTransaction } from './transactions';

export const ALREADY_RECEIVED = 'Already received: every line named has been stocked; nothing was added';
const ATTEMPTS = 4;

/**
 * Receives lines of a purchase order (PUT /db/purchases/receive/{id}): the SKUs named, or every unstocked
 * line. Each transaction stocks at most RECEIVE_CHUNK lines and is conditioned on the header's version and
 * on each line still being unstocked; one that loses a race re-reads and receives what is left. When nothing
 * is left the answer is a 409 (ALREADY_RECEIVED) and nothing is written, so receiving twice, or three times
 * at once, adds stock once. Stocking the last line of an open (PENDING, ORDERED) order moves it to RECEIVED.
 */
export async function receivePurchaseOrder(
  idOrNumber: string,
  productSkus: readonly string[] | undefined,
  by: Actor,
): Promise<PurchaseOrder> {
  let found = await findPurchase(idOrNumber);
  if (!found) throw new NotFoundError('Purchase order not found');
  const refusal = purchaseReceiveRefusal(found.header.orderStatus);
  if (refusal) throw new ConflictError(refusal);
  if (productSkus) {
    const onOrder = new Set(found.lines.map((l) => l.sku));
    const strangers = productSkus.filter((s) => !onOrder.has(s));
    if (strangers.length) throw new BadRequestError(`Not on this purchase order: ${strangers.slice(0, 10).join(', ')}`);
  }
  let received = 0;
  for (let attempt = 0; ;) {
    const skus = receivableSkus(found.lines, productSkus);
    if (skus.length === 0) {
      if (received > 0) {
        countBusinessEvent(BUSINESS_METRICS.purchaseOrderReceived);
        return toPurchaseOrder(found.header, found.lines);
      }
      throw new ConflictError(ALREADY_RECEIVED);
    }
    try {
      const written = await receiveChunk(found.header, found.lines, skus.slice(0, RECEIVE_CHUNK), by);
      received += 1;
      found = written;
    } catch (error) {
      if (!(error instanceof PurchaseOrderMoved) || ++attempt >= ATTEMPTS) throw error;
      found = (await getWholePurchase(found.header.purchaseOrderId))!;
    }
  }
}

/** One receiving transaction: these SKUs' lines stocked; an open order whose last line is stocked becomes RECEIVED. */
async function receiveChunk(
  before: PurchaseHeaderItem,
  beforeLines: readonly StoredPurchaseLine[],
  skus: readonly string[],
  by: Actor,
  statusChange?: Pick<PurchaseHeaderItem, 'orderStatus'>,
): Promise<{ header: PurchaseHeaderItem; lines: StoredPurchaseLine[] }> {
  const now = new Date().toISOString();
  const plan = receivePlan(before, beforeLines, skus, by, now);
  const figures = lineFigures(plan.lines);
  const allStocked = Object.keys(figures.unstockedUnits).length === 0;
  const opened = before.orderStatus === 'PENDING' || before.orderStatus === 'ORDERED';
  const orderStatus = statusChange?.orderStatus ?? (allStocked && opened ? 'RECEIVED' : before.orderStatus);
  const after: PurchaseHeaderItem = {
    ...before,
    ...figures,
    orderStatus,
    statusModifiedOn: orderStatus === before.orderStatus ? before.statusModifiedOn : now,
    receivedOn: now,
    modifiedOn: now,
    version: before.version + 1,
  };
  const tx = purchaseTransaction({
    before: { header: before, lines: beforeLines },
    after,
    lines: plan.lines,
    receivedSkus: plan.receivedSkus,
    batches: plan.batches,
    ledger: plan.ledger,
    writeLines: true,
    change: {
      caller: by,
      action: 'update',
      changes: [
        ...(orderStatus === before.orderStatus
          ? []
          : [
              {
                name: 'Status',
                field: 'orderStatus',
                action: 'update' as const,
                previousValue: before.orderStatus,
                newValue: orderStatus,
              },
            ]),
        ...plan.changes,
      ],
      notes: `Received ${plan.receivedSkus.size} line${plan.receivedSkus.size === 1 ? '' : 's'} into stock`,
      at: now,
    },
  });
  await commitPurchaseWrite(tx, after.purchaseOrderNum);
  return { header: after, lines: plan.lines };
}

/**
 * Receives all but the last RECEIVE_CHUNK unstocked lines ahead of an update whose status change receives
 * more lines than one transaction holds; the update's own transaction then stocks the rest.
 */
export async function receiveAheadOfUpdate(
  loaded: PurchaseHeaderItem,
  loadedLines: readonly StoredPurchaseLine[],
  by: Actor,
): Promise<void> {
  let state = { header: loaded, lines: [...loadedLines] };
  for (;;) {
    const skus = receivableSkus(state.lines);
    if (skus.length <= RECEIVE_CHUNK) return;
    state = await receiveChunk(state.header, state.lines, skus.slice(0, RECEIVE_CHUNK), by, state.header);
  }
}
