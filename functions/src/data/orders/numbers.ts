import { formatOrderNumber, isDraftNumber, orderNumberOnStatusChange, type OrderStatus } from '@bo/shared';
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

/**
 * The number an order gets in an update: a number the client asked for (checked: digits from the counter, or
 * a draft's `DRAFT_` number while it stays a draft), else what the status change gives it by the shared rule
 * (`orderNumberOnStatusChange`, spec section 4 Edit order), with the draft number it had kept on the order.
 */
export async function numberFor(
  before: OrderHeaderItem,
  nextStatus: OrderStatus,
  asked: string | undefined,
): Promise<{ orderNum: string; draftOrderNum?: string }> {
  const keepDraft = before.draftOrderNum ? { draftOrderNum: before.draftOrderNum } : {};
  if (asked !== undefined && asked !== before.orderNum) {
    const isDraft = nextStatus === 'DRAFT';
    if (isDraft && !isDraftNumber(asked) && !NUMERIC.test(asked))
      throw new BadRequestError('An order number is digits, or DRAFT_ and an id for a draft');
    if (!isDraft && !NUMERIC.test(asked))
      throw new BadRequestError('A submitted order takes a number from createOrderNumber');
    return {
      orderNum: asked,
      ...(isDraftNumber(before.orderNum) ? { draftOrderNum: before.orderNum } : keepDraft),
    };
  }
  const { change, memory } = orderNumberOnStatusChange(
    before.orderStatus,
    nextStatus,
    before.orderNum,
    before.draftOrderNum ? { draftNumber: before.draftOrderNum } : {},
  );
  const draftOrderNum = memory.draftNumber ? { draftOrderNum: memory.draftNumber } : {};
  if (change.kind === 'fetch') return { orderNum: await takeOrderNumber(), ...draftOrderNum };
  if (change.kind === 'restore') return { orderNum: change.orderNum, ...draftOrderNum };
  return { orderNum: before.orderNum, ...draftOrderNum };
}
