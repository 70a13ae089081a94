import { formatOrderNumber, isDraftNumber, type OrderStatus } from '@bo/shared';
import { BadRequestError } from '../../domain';
import { get, update } from '../core';
import type { OrderHeaderItem } from './entity';
import { orderCounterEntity, orderNumberEntity } from './number-entities';

/** Order numbers: the counter that hands them out, the guard that maps them to orders, and edit's rule. */

const COUNTER = { name: 'salesOrders' };

/** Takes `count` consecutive numbers from the atomic counter; answers the first (`1001`, `1002`, …). */
export async function takeOrderNumbers(count: number): Promise<number> {
  const counter = await update(orderCounterEntity, COUNTER, { add: { seq: count } }, { mustExist: false });
  return (counter.seq ?? count) - count + 1;
}

/** Takes the next sales-order number from the atomic counter. */
export const takeOrderNumber = async (): Promise<string> => formatOrderNumber(await takeOrderNumbers(1));

/** A number from the counter: digits only. */
export const NUMERIC = /^\d{1,12}$/;

/** Order numbers are digits or `DRAFT_…`; ids are UUIDs. */
const looksLikeNumber = (value: string) => NUMERIC.test(value) || isDraftNumber(value);

/** The order id of an id or an order number (one Get of the number guard for a number). */
export async function resolveOrderId(idOrNumber: string): Promise<string | undefined> {
  if (!looksLikeNumber(idOrNumber)) return idOrNumber;
  return (await get(orderNumberEntity, { orderNum: idOrNumber }, { consistent: true }))?.orderId;
}

/** The number an order gets when its status changes (spec section 4, Edit order), enforced on the server. */
export async function numberFor(
  before: OrderHeaderItem,
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
