import type { OrderStatus, PaymentStatus } from '../../schemas/orders';

/**
 * Order numbers and the statuses a new order starts with (spec section 4, New order and Edit order).
 *
 * - Submit: RECEIVED / AWAITING with a number from the server's counter.
 * - Save as draft: DRAFT / DRAFT with `DRAFT_` + a random id (the id generator is passed in).
 * - In edit, leaving DRAFT needs a fresh number from the counter when the order still carries a draft
 *   number; going back to DRAFT restores the draft number it had before, if the dialog remembers one,
 *   else the order keeps its number. Any other change keeps the number.
 */

export const DRAFT_NUMBER_PREFIX = 'DRAFT_';

export const NEW_ORDER_STATUSES = {
  submit: { orderStatus: 'RECEIVED', paymentStatus: 'AWAITING' },
  draft: { orderStatus: 'DRAFT', paymentStatus: 'DRAFT' },
} as const satisfies Record<string, { orderStatus: OrderStatus; paymentStatus: PaymentStatus }>;

export const isDraftNumber = (orderNum: string): boolean => orderNum.startsWith(DRAFT_NUMBER_PREFIX);

/** A draft's temporary number: `DRAFT_` + a random id from `randomId` (e.g. `() => crypto.randomUUID()`). */
export const draftOrderNumber = (randomId: () => string): string => `${DRAFT_NUMBER_PREFIX}${randomId()}`;

export type OrderNumberChange =
  | { kind: 'keep' }
  /** Ask the server's counter (`orders/createOrderNumber`) for a fresh number. */
  | { kind: 'fetch' }
  | { kind: 'restore'; orderNum: string };

export interface OrderNumberMemory {
  /** The draft number the order had before it left DRAFT in this dialog (or when it was loaded). */
  draftNumber?: string;
}

/**
 * What number to show when the order status goes from `from` to `to`, and what the dialog remembers
 * afterwards. `orderNum` is the number shown now.
 */
export function orderNumberOnStatusChange(
  from: OrderStatus,
  to: OrderStatus,
  orderNum: string,
  memory: OrderNumberMemory = {},
): { change: OrderNumberChange; memory: OrderNumberMemory } {
  const wasDraft = from === 'DRAFT';
  const isDraft = to === 'DRAFT';
  if (wasDraft && !isDraft && isDraftNumber(orderNum))
    return { change: { kind: 'fetch' }, memory: { ...memory, draftNumber: orderNum } };
  if (!wasDraft && isDraft && memory.draftNumber && memory.draftNumber !== orderNum)
    return { change: { kind: 'restore', orderNum: memory.draftNumber }, memory };
  return { change: { kind: 'keep' }, memory };
}

/** Order numbers from the server's counter start here: the counter's n-th number is `FIRST_ORDER_NUMBER + n - 1`. */
export const FIRST_ORDER_NUMBER = 1001;
export const formatOrderNumber = (sequence: number): string => String(FIRST_ORDER_NUMBER + sequence - 1);
