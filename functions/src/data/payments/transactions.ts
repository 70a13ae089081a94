import { diffChanges, formatUsd, toDollars } from '@bo/shared';
import type { Actor } from '../../domain';
import { type Transaction, eq, transaction } from '../core';
import { logChange } from '../change-log';
import { customerEntity } from '../customers/entity';
import { type OrderHeaderItem, balanceDueOf, orderEntity } from '../orders/entity';
import { type PaymentItem, type PaymentLinkItem, paymentEntity, paymentLinkEntity } from './entity';
import { PAYMENT_FIELD_LABELS, loggedFields } from './records';

/**
 * The one transaction of a payment write, each item under a name, so a cancellation says what lost:
 * - `payment`: only if absent (add) or still at the version read (edit);
 * - `order <id>`: each touched order's header, put whole (its receivables-index keys follow) at the
 *   version read, so a concurrent payment or edit of the same order makes this one retry or fail;
 * - `link <id>`: that the payment paid the order (put, or deleted when an edit drops the order);
 * - `customer`: the credit, conditioned on the value read (never below 0: the rules refused that);
 * - a change-log entry per touched record.
 * Items: 4 + 3 per order, so 30 orders fit DynamoDB's 100 (`MAX_PAYMENT_ORDERS`).
 */

export const PAYMENT = 'payment';
const ORDER_PREFIX = 'order ';
export const orderItemName = (orderId: string) => `${ORDER_PREFIX}${orderId}`;
export const isOrderItem = (name: string) => name.startsWith(ORDER_PREFIX);
export const CUSTOMER = 'customer';

export interface PaymentWrite {
  before?: PaymentItem;
  after: PaymentItem;
  orders: ReadonlyArray<{ before: OrderHeaderItem; after: OrderHeaderItem }>;
  /** Orders the payment no longer pays (an edit that dropped them, or all of them when it is voided). */
  droppedOrderIds: readonly string[];
  credit?: { customerId: string; before: number; after: number };
  /** The change of what the customer owes (the orders' `owedOf` after − before): an ADD on the customer. */
  owed?: { customerId: string; delta: number };
  caller: Actor;
  at: string;
}

const ORDER_LABELS = { balanceDue: 'Balance due', paymentStatus: 'Payment status' } as const;
const orderFields = (h: OrderHeaderItem) => ({
  balanceDue: toDollars(balanceDueOf(h)),
  paymentStatus: h.paymentStatus,
});

export function paymentTransaction(write: PaymentWrite): Transaction {
  const { before, after, caller, at } = write;
  const tx = transaction().put(
    PAYMENT,
    paymentEntity,
    after,
    before ? { condition: eq('version', before.version) } : { ifAbsent: true },
  );
  logChange(
    tx,
    {
      caller,
      entityType: 'payment',
      entityId: after.paymentId,
      action: before ? 'update' : 'create',
      changes: diffChanges<Record<string, unknown>>(
        before ? loggedFields(before) : undefined,
        loggedFields(after),
        PAYMENT_FIELD_LABELS,
      ),
      at,
    },
    'payment log',
  );
  const note =
    `Payment of ${formatUsd(after.amountCents)} on ${after.paymentDate}` +
    (after.voidedOn ? ` voided: ${after.voidReason ?? ''}` : before ? ' (edited)' : '');
  for (const order of write.orders) {
    const id = order.after.orderId;
    tx.put(orderItemName(id), orderEntity, order.after, { condition: eq('version', order.before.version) });
    logChange(
      tx,
      {
        caller,
        entityType: 'order',
        entityId: id,
        action: 'update',
        changes: diffChanges<Record<string, unknown>>(
          orderFields(order.before),
          orderFields(order.after),
          ORDER_LABELS,
        ),
        notes: note,
        at,
      },
      `log of order ${id}`,
    );
  }
  // A void payment pays nothing: its links are all in droppedOrderIds.
  for (const a of after.voidedOn ? [] : after.applied) {
    const link: PaymentLinkItem = {
      orderId: a.orderId,
      paymentId: after.paymentId,
      paymentDate: after.paymentDate,
      amountCents: a.amountCents,
    };
    tx.put(`link ${a.orderId}`, paymentLinkEntity, link);
  }
  for (const orderId of write.droppedOrderIds)
    tx.delete(`link ${orderId}`, paymentLinkEntity, { orderId, paymentId: after.paymentId });
  const creditMoves = write.credit !== undefined && write.credit.before !== write.credit.after;
  const owedMoves = write.owed !== undefined && write.owed.delta !== 0;
  if (creditMoves || owedMoves) {
    const customerId = (write.credit ?? write.owed)!.customerId;
    tx.update(
      CUSTOMER,
      customerEntity,
      { customerId },
      {
        ...(creditMoves ? { set: { creditCents: write.credit!.after, modifiedOn: at } } : {}),
        ...(owedMoves ? { add: { owedCents: write.owed!.delta } } : {}),
      },
      creditMoves ? { condition: eq('creditCents', write.credit!.before) } : {},
    );
  }
  if (write.credit && creditMoves) {
    const { customerId } = write.credit;
    logChange(
      tx,
      {
        caller,
        entityType: 'customer',
        entityId: customerId,
        action: 'update',
        changes: diffChanges(
          { creditAvailable: toDollars(write.credit.before) },
          { creditAvailable: toDollars(write.credit.after) },
          { creditAvailable: 'Credit available' },
        ),
        notes: note,
        at,
      },
      'customer log',
    );
  }
  return tx;
}
