import {
  isReceivingStatus,
  purchaseStatusChangeRefusal,
  type PurchaseOrder,
  type UpdatePurchaseOrderBody,
} from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, BadRequestError, ConflictError, NotFoundError } from '../../domain';
import { buildPurchaseLines } from './catalog';
import type { PurchaseHeaderItem, StoredPurchaseLine } from './entity';
import { headerChanges, purchaseLineChanges } from './history';
import { PURCHASE_NUMBER, resolvePurchaseOrderId } from './numbers';
import { getWholePurchase } from './reads';
import { receiveAheadOfUpdate } from './receive';
import { RECEIVE_CHUNK, receivableSkus, receivePlan } from './receiving';
import { lineFigures, toPurchaseOrder } from './records';
import { PurchaseOrderMoved, STALE_PURCHASE_ORDER, commitPurchaseWrite, purchaseTransaction } from './transactions';

type UpdatedPurchaseOrder = Omit<PurchaseOrder, 'brand'>;

/**
 * Changes a purchase order (PUT /db/purchases/update/{id}) in ONE transaction conditioned on the version read:
 * fields, lines (received lines cannot change), number, statuses (each change stamps its date). While the
 * order is RECEIVED or COMPLETED every unstocked line is received in the same transaction (moving into those
 * statuses receives the order). Cancelling an order with stocked lines is refused (409). A stale `modifiedOn`
 * is a 409; without one, a write that lost a race to another is re-applied to the fresh order.
 */
export async function updatePurchaseOrder(
  idOrNumber: string,
  body: UpdatePurchaseOrderBody,
  by: Actor,
): Promise<UpdatedPurchaseOrder> {
  const id = await resolvePurchaseOrderId(idOrNumber);
  let checkStale = body.modifiedOn !== undefined;
  for (let attempt = 0; ; attempt++) {
    const found = id ? await getWholePurchase(id) : undefined;
    if (!found) throw new NotFoundError('Purchase order not found');
    try {
      return await updateOnce(found.header, found.lines, body, by, checkStale);
    } catch (error) {
      // Our own receive ran ahead: the order is as the caller loaded it plus stocked lines.
      if (error instanceof ReceivedAhead) checkStale = false;
      else if (!(error instanceof PurchaseOrderMoved) || checkStale || attempt >= 3) throw error;
    }
  }
}

/** The update received its first lines in their own transactions and is applied again to the fresh order. */
class ReceivedAhead extends Error {}

async function updateOnce(
  before: PurchaseHeaderItem,
  beforeLines: readonly StoredPurchaseLine[],
  body: UpdatePurchaseOrderBody,
  by: Actor,
  checkStale: boolean,
): Promise<UpdatedPurchaseOrder> {
  if (checkStale && body.modifiedOn !== before.modifiedOn) throw new ConflictError(STALE_PURCHASE_ORDER);
  const refusal = purchaseStatusChangeRefusal(before.orderStatus, body.orderStatus, beforeLines);
  if (refusal) throw new ConflictError(refusal);
  const brandChanged = body.brandID !== before.brandID;
  if (brandChanged && beforeLines.some((l) => l.hasBeenStocked))
    throw new BadRequestError('The brand of a purchase order with received lines cannot change');
  const number = body.purchaseOrderNum;
  if (number !== before.purchaseOrderNum && !PURCHASE_NUMBER.test(number))
    throw new BadRequestError('A purchase order number is digits only (purchaseOrderNum)');

  const { brand, lines: edited } = await buildPurchaseLines(
    body.brandID,
    body.purchaseOrderItems,
    brandChanged ? [] : beforeLines,
  );
  const receiving = isReceivingStatus(body.orderStatus);
  const toReceive = receiving ? receivableSkus(edited) : [];
  if (toReceive.length > RECEIVE_CHUNK) {
    if (!sameLines(beforeLines, edited))
      throw new BadRequestError(
        `Receiving more than ${RECEIVE_CHUNK} lines takes several steps: save the line changes first, then the status`,
      );
    await receiveAheadOfUpdate(before, beforeLines, by);
    throw new ReceivedAhead();
  }
  const now = new Date().toISOString();
  const plan = toReceive.length
    ? receivePlan({ ...before, purchaseOrderNum: number }, edited, toReceive, by, now)
    : undefined;
  const lines = plan?.lines ?? edited;
  const { expectedDeliveryOn: _e, notes: _n, ...kept } = before;
  const after: PurchaseHeaderItem = {
    ...kept,
    purchaseOrderNum: number,
    brandID: brand.brandId,
    brandName: brand.name,
    ...(body.expectedDeliveryOn ? { expectedDeliveryOn: body.expectedDeliveryOn } : {}),
    ...(body.notes ? { notes: body.notes } : {}),
    orderStatus: body.orderStatus,
    paymentStatus: body.paymentStatus,
    statusModifiedOn: body.orderStatus === before.orderStatus ? before.statusModifiedOn : now,
    paymentModifiedOn: body.paymentStatus === before.paymentStatus ? before.paymentModifiedOn : now,
    ...lineFigures(lines),
    ...(plan ? { receivedOn: now } : {}),
    modifiedOn: now,
    version: before.version + 1,
  };
  const changes = [
    ...headerChanges(before, after),
    ...purchaseLineChanges(beforeLines, edited),
    ...(plan?.changes ?? []),
  ];
  if (changes.length === 0) return withoutBrand(toPurchaseOrder(before, beforeLines));
  const tx = purchaseTransaction({
    before: { header: before, lines: beforeLines },
    after,
    lines,
    receivedSkus: plan?.receivedSkus ?? new Set(),
    batches: plan?.batches ?? [],
    ledger: plan?.ledger ?? [],
    writeLines: !sameLines(beforeLines, lines),
    change: { caller: by, action: 'update', changes, at: now },
  });
  await commitPurchaseWrite(tx, number);
  // Moving into a receiving status stocked the order's last lines: it counts as received, like the receive route.
  if (plan) countBusinessEvent(BUSINESS_METRICS.purchaseOrderReceived);
  return withoutBrand(toPurchaseOrder(after, lines));
}

const sameLines = (a: readonly StoredPurchaseLine[], b: readonly StoredPurchaseLine[]) =>
  JSON.stringify(a) === JSON.stringify(b);

const withoutBrand = ({ brand: _b, ...order }: PurchaseOrder): UpdatedPurchaseOrder => order;
