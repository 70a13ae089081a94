import { diffChanges, formatUsd, toDollars } from '@bo/shared';
import type { Actor } from '../../domain';
import { type Transaction, eq, transaction } from '../core';
import { logChange } from '../change-log';
import { customerEntity } from '../customers/entity';
import { type OrderHeaderItem, balanceDueOf, orderEntity } from '../orders/entity';
import { type LedgerUpdate, addLedgerUpdate } from '../stock-ledger';
import { type ReturnItem, returnEntity } from './entity';

/**
 * The one transaction of a return, each item under a name, so a cancellation says what lost:
 * - `return`: only if absent (the id may be an idempotency key's);
 * - `order`: the header, put whole at the version read (its returned units, balance and payment status; the
 *   receivables index's keys follow), so two returns of one order can never both take the same units;
 * - `ledger N`: the stock-ledger buckets restocked units go back into (stock and their batches), at most 64;
 * - `customer`: an ADD of the credit put to it and of the change of what they owe (ADDs commute with other
 *   writes; a payment conditioned on the credit it read retries);
 * - change-log entries of the return, the order and (when credit moves) the customer.
 * Items: 6 + at most 64 buckets, within DynamoDB's 100 whatever the return's size.
 */

export const RETURN = 'return';
export const ORDER = 'order';

export interface ReturnWrite {
  item: ReturnItem;
  order: { before: OrderHeaderItem; after: OrderHeaderItem };
  ledger: readonly LedgerUpdate[];
  /** Cents put to the customer's credit (CREDIT's excess), and the change of what they owe. */
  credit: { customerId: string; add: number; creditBefore: number };
  owedDelta: number;
  caller: Actor;
}

export function returnTransaction(write: ReturnWrite): Transaction {
  const { item, order, caller } = write;
  const at = item.createdAt;
  const tx = transaction().put(RETURN, returnEntity, item, { ifAbsent: true });
  const note = `Return ${item.creditNoteNum}: credit note of ${formatUsd(item.amountCents)} (${item.reason})`;
  logChange(
    tx,
    {
      caller,
      entityType: 'return',
      entityId: item.returnId,
      action: 'create',
      changes: diffChanges<Record<string, unknown>>(
        undefined,
        {
          creditNoteNum: item.creditNoteNum,
          order: item.orderNum,
          amount: toDollars(item.amountCents),
          settlement: item.settlement,
          lines: item.lines.map((l) => `${l.sku} × ${l.quantity} ${l.disposition}`).join(', '),
        },
        { creditNoteNum: 'Credit note', order: 'Order', amount: 'Amount', settlement: 'Settlement', lines: 'Lines' },
      ),
      notes: item.reason,
      at,
    },
    'return log',
  );
  tx.put(ORDER, orderEntity, order.after, { condition: eq('version', order.before.version) });
  logChange(
    tx,
    {
      caller,
      entityType: 'order',
      entityId: item.orderId,
      action: 'update',
      changes: diffChanges<Record<string, unknown>>(orderFields(order.before), orderFields(order.after), ORDER_LABELS),
      notes: note,
      at,
    },
    'order log',
  );
  write.ledger.forEach((u, i) => addLedgerUpdate(tx, `ledger ${i}`, u));
  const { credit, owedDelta } = write;
  if (credit.add !== 0 || owedDelta !== 0)
    tx.update(
      'customer',
      customerEntity,
      { customerId: credit.customerId },
      {
        add: { ...(credit.add ? { creditCents: credit.add } : {}), ...(owedDelta ? { owedCents: owedDelta } : {}) },
        ...(credit.add ? { set: { modifiedOn: at } } : {}),
      },
    );
  if (credit.add !== 0)
    logChange(
      tx,
      {
        caller,
        entityType: 'customer',
        entityId: credit.customerId,
        action: 'update',
        changes: diffChanges(
          { creditAvailable: toDollars(credit.creditBefore) },
          { creditAvailable: toDollars(credit.creditBefore + credit.add) },
          { creditAvailable: 'Credit available' },
        ),
        notes: note,
        at,
      },
      'customer log',
    );
  return tx;
}

const unitsText = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

const ORDER_LABELS = {
  balanceDue: 'Balance due',
  paymentStatus: 'Payment status',
  returned: 'Returned',
} as const;
const orderFields = (h: OrderHeaderItem) => ({
  balanceDue: toDollars(balanceDueOf(h)),
  paymentStatus: h.paymentStatus,
  returned: `${unitsText(h.returnedUnits ?? 0)}, ${formatUsd(h.returnedCents ?? 0)}`,
});

/** Whether a name in a cancelled transaction is one of the stock-ledger buckets. */
export const isLedgerItem = (name: string) => name.startsWith('ledger ');
