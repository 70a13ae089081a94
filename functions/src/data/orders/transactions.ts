import { ConflictError } from '../../domain';
import { type Explain, type Transaction, eq, transaction } from '../core';
import { type ChangeInput, logChange } from '../change-log';
import { type LedgerUpdate, addLedgerUpdate, readStockFor } from '../stock-ledger';
import { type OrderHeaderItem, type StoredLine, orderEntity, orderLinesEntity } from './entity';
import { OWED, addOwed } from './credit-hold';
import { orderNumberEntity } from './number-entities';

/**
 * The one transaction of an order write: the header, its number guard, the change-log entry, its line
 * groups and the stock-ledger buckets its stock effects touch, each item under a name (`order`,
 * `number guard`, `lines N`, `ledger N`), so a cancellation is explained by what failed.
 */

const ORDER = 'order';
const NUMBER_GUARD = 'number guard';
const linesItem = (group: number) => `lines ${group}`;
const ledgerItemName = (i: number) => `ledger ${i}`;

/** What every order write holds besides the header. */
export interface OrderWrite {
  groups: readonly StoredLine[][];
  change: Omit<ChangeInput, 'entityType' | 'entityId'>;
  ledger: readonly LedgerUpdate[];
  /** The change of what the customer owes, and the ceiling it must not be above (credit-hold.ts). */
  owed?: { customerId: string; delta: number; ceiling?: number };
}

/** The customer's owed figure was above the ceiling: another order got under the credit limit first. */
export class OwedCeilingLost extends Error {}

const addLedger = (tx: Transaction, ledger: readonly LedgerUpdate[]) =>
  ledger.forEach((u, i) => addLedgerUpdate(tx, ledgerItemName(i), u));

/** A new order: header and number guard only if absent (the order id may be an idempotency key's). */
export function createOrderTransaction(
  header: OrderHeaderItem,
  { groups, change, ledger, owed }: OrderWrite,
): Transaction {
  const { orderId, orderNum } = header;
  const tx = transaction()
    .put(ORDER, orderEntity, header, { ifAbsent: true })
    .put(NUMBER_GUARD, orderNumberEntity, { orderNum, orderId }, { ifAbsent: true });
  logChange(tx, { ...change, entityType: 'order', entityId: orderId });
  groups.forEach((lines, group) =>
    tx.put(linesItem(group), orderLinesEntity, { orderId, group, lines }, { ifAbsent: true }),
  );
  addLedger(tx, ledger);
  if (owed) addOwed(tx, owed.customerId, owed.delta, owed.ceiling);
  return tx;
}

/**
 * A changed order: the header only if it still has the version read; a new number moves the guard; lines,
 * when they were sent, rewrite the groups and delete the ones the order no longer fills.
 */
export function updateOrderTransaction(
  before: OrderHeaderItem,
  after: OrderHeaderItem,
  { groups, change, ledger, writeLines, owed }: OrderWrite & { writeLines: boolean },
): Transaction {
  const { orderId } = after;
  const tx = transaction().put(ORDER, orderEntity, after, { condition: eq('version', before.version) });
  logChange(tx, { ...change, entityType: 'order', entityId: orderId });
  if (after.orderNum !== before.orderNum)
    tx.put(NUMBER_GUARD, orderNumberEntity, { orderNum: after.orderNum, orderId }, { ifAbsent: true }).delete(
      'old number guard',
      orderNumberEntity,
      { orderNum: before.orderNum },
    );
  if (writeLines) {
    groups.forEach((lines, group) => tx.put(linesItem(group), orderLinesEntity, { orderId, group, lines }));
    for (let group = groups.length; group < before.lineGroups; group++)
      tx.delete(linesItem(group), orderLinesEntity, { orderId, group });
  }
  addLedger(tx, ledger);
  if (owed) addOwed(tx, owed.customerId, owed.delta, owed.ceiling);
  return tx;
}

/**
 * Commits an order write. A failed header condition is `onOrder`'s error (an existing id, a stale version),
 * a taken number a 409 naming it, ledger buckets whose free units ran out a 409 naming each short batch.
 */
export async function commitOrderWrite(
  tx: Transaction,
  {
    orderNum,
    lines,
    ledger,
    onOrder,
    explain,
  }: {
    orderNum: string;
    lines: readonly StoredLine[];
    ledger: readonly LedgerUpdate[];
    onOrder: () => Error;
    /** Asked first: the items another module joined to the write (`JoinedOrderWrite`). */
    explain?: Explain;
  },
): Promise<void> {
  let short: LedgerUpdate[] = [];
  try {
    await tx.commit((failed) => {
      const joined = explain?.(failed);
      if (joined) return joined;
      if (failed.has(ORDER)) return onOrder();
      if (failed.has(NUMBER_GUARD)) return new ConflictError(`Order number ${orderNum} is already in use`);
      if (failed.has(OWED)) return new OwedCeilingLost();
      short = ledger.filter((_, i) => failed.has(ledgerItemName(i)));
      if (short.length) return new LedgerShortage();
      return new ConflictError('The order could not be saved; try again');
    });
  } catch (error) {
    if (error instanceof LedgerShortage) throw await shortageError(short, lines);
    throw error;
  }
}

class LedgerShortage extends Error {}

/** The 409 for batch units another order took first, naming each short batch. */
async function shortageError(updates: readonly LedgerUpdate[], lines: readonly StoredLine[]): Promise<ConflictError> {
  const guarded = updates.flatMap((u) => u.guarded);
  const stock = await readStockFor(guarded.map((g) => g.productId));
  const short = guarded.filter((g) => stock.free(g.batchId) < g.need);
  const describe = (g: (typeof guarded)[number]) => {
    const line = lines.find((l) => l.batchId === g.batchId);
    const name = line ? `batch ${line.batchNumber ?? g.batchId} of ${line.sku}` : `batch ${g.batchId}`;
    return `${name}: ${Math.max(0, stock.free(g.batchId))} available, ${g.need} more needed`;
  };
  return new ConflictError(
    `Not enough tagged units left: ${(short.length ? short : guarded).map(describe).join('; ')}. Another order took them; reload the batches and try again.`,
    (short.length ? short : guarded).map((g) => ({ path: `batch.${g.batchId}`, message: describe(g) })),
  );
}
