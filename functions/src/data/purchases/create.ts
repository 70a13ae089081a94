import { randomUUID } from 'node:crypto';
import type { NewPurchaseOrderBody, PurchaseOrder } from '@bo/shared';
import type { Actor } from '../../domain';
import { checkReplay, idempotentOrderId, requestHashOf } from '../orders/idempotency';
import { buildPurchaseLines } from './catalog';
import type { PurchaseHeaderItem } from './entity';
import { headerChanges, purchaseLineChanges } from './history';
import { takePurchaseOrderNumber } from './numbers';
import { getWholePurchase } from './reads';
import { lineFigures, toPurchaseOrder } from './records';
import { PurchaseOrderMoved, commitPurchaseWrite, purchaseTransaction } from './transactions';

/**
 * Creates a purchase order (POST /db/purchases/new) in ONE transaction: the header (DRAFT or PENDING, the
 * payment status the same unless given), its line groups, the number guard and the change-log entry. The
 * number comes from the atomic counter; units and total are recomputed from the lines in cents. With an
 * `Idempotency-Key` the order id derives from the key (per caller), so a retried Submit answers the first
 * order and takes no second number; the same key with another body is a 422 (as sales orders).
 */
export async function createPurchaseOrder(
  body: NewPurchaseOrderBody,
  by: Actor,
  options: { idempotencyKey?: string } = {},
): Promise<PurchaseOrder> {
  const key = options.idempotencyKey;
  const purchaseOrderId = key ? idempotentOrderId(`purchaseOrder\n${key}`, by.userId) : randomUUID();
  const requestHash = key ? requestHashOf(body) : undefined;
  const replay = key ? await replayOf(purchaseOrderId, requestHash) : undefined;
  if (replay) return replay;
  const { brand, lines } = await buildPurchaseLines(body.brandID, body.purchaseOrderItems);
  const purchaseOrderNum = await takePurchaseOrderNumber();
  const now = new Date().toISOString();
  const header: PurchaseHeaderItem = {
    purchaseOrderId,
    purchaseOrderNum,
    brandID: brand.brandId,
    brandName: brand.name,
    orderPlacedOn: now,
    ...(body.expectedDeliveryOn ? { expectedDeliveryOn: body.expectedDeliveryOn } : {}),
    orderStatus: body.orderStatus,
    paymentStatus: body.paymentStatus ?? body.orderStatus,
    statusModifiedOn: now,
    paymentModifiedOn: now,
    ...(body.notes ? { notes: body.notes } : {}),
    ...lineFigures(lines),
    createdBy: by.userId,
    modifiedOn: now,
    version: 1,
    ...(requestHash ? { requestHash } : {}),
  };
  const tx = purchaseTransaction({
    after: header,
    lines,
    receivedSkus: new Set(),
    batches: [],
    ledger: [],
    writeLines: true,
    change: {
      caller: by,
      action: 'create',
      changes: [...headerChanges(undefined, header), ...purchaseLineChanges([], lines)],
      at: now,
    },
  });
  try {
    await commitPurchaseWrite(tx, purchaseOrderNum);
  } catch (error) {
    // The same key raced itself: the first request's order is the answer.
    const first = error instanceof PurchaseOrderMoved && key ? await replayOf(purchaseOrderId, requestHash) : undefined;
    if (first) return first;
    throw error;
  }
  return toPurchaseOrder(header, lines);
}

async function replayOf(purchaseOrderId: string, requestHash: string | undefined) {
  const first = await getWholePurchase(purchaseOrderId);
  if (!first) return undefined;
  checkReplay(first.header, requestHash);
  return toPurchaseOrder(first.header, first.lines);
}
