import { get, update } from '../core';
import { orderCounterEntity } from '../orders/number-entities';
import { purchaseNumberEntity } from './entity';

/**
 * Purchase-order numbers: digits from their own atomic counter (`purchaseOrders`, beside the sales-order
 * counter), starting at FIRST_PURCHASE_ORDER_NUMBER; the number guard keeps them unique.
 */
export const FIRST_PURCHASE_ORDER_NUMBER = 1001;
const COUNTER = { name: 'purchaseOrders' };

const format = (sequence: number) => String(FIRST_PURCHASE_ORDER_NUMBER + sequence - 1);

/** Takes the next number from the counter (`ADD seq 1`): every caller gets its own, also under concurrency. */
export async function takePurchaseOrderNumber(): Promise<string> {
  const counter = await update(orderCounterEntity, COUNTER, { add: { seq: 1 } }, { mustExist: false });
  return format(counter.seq ?? 1);
}

/** The number the next order would get (a preview: reads the counter, takes nothing). */
export async function previewPurchaseOrderNumber(): Promise<string> {
  const counter = await get(orderCounterEntity, COUNTER, { consistent: true });
  return format((counter?.seq ?? 0) + 1);
}

export const PURCHASE_NUMBER = /^\d{1,12}$/;

/** The id of an order given its id or its number (one Get of the number guard for a number). */
export async function resolvePurchaseOrderId(idOrNumber: string): Promise<string | undefined> {
  if (!PURCHASE_NUMBER.test(idOrNumber)) return idOrNumber;
  return (await get(purchaseNumberEntity, { purchaseOrderNum: idOrNumber }, { consistent: true }))?.purchaseOrderId;
}
