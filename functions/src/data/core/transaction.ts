import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../domain/errors';
import { config } from '../../config';
import { dynamoClient } from './client';
import type { Changes, Condition } from './expression';
import { Expression } from './expression';
import type { RawItem } from './entity';
import {
  type AnyEntity,
  type KeyOfEntity,
  type RecordOfEntity,
  type UpdateOptions,
  deleteInput,
  putInput,
  updateInput,
  updateRawInput,
} from './operations';
import { backoff, busyError, sleep } from './retry';

type WriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Explains the items whose conditions failed, by the names they were added under, as the domain error to
 * throw (undefined: the generic conflict).
 */
export type Explain = (failed: ReadonlySet<string>) => Error | undefined;

/**
 * Items another module's write adds to a transaction it builds (a delivery record joining an order's status
 * change), given what that write is about to store; `explain` is asked first when the transaction is cancelled.
 */
export interface TransactionPart<C> {
  add: (tx: Transaction, context: C) => void;
  explain?: Explain;
}

/**
 * One all-or-nothing write of several items. Each item is added under a name (`'order'`, `'ledger#07'`,
 * `'number guard'`), so a cancelled transaction is explained by what failed, not by counting positions.
 */
export class Transaction {
  private readonly items: Array<{ name: string; item: WriteItem }> = [];

  get size(): number {
    return this.items.length;
  }

  put<E extends AnyEntity>(
    name: string,
    entity: E,
    record: RecordOfEntity<E>,
    options: { ifAbsent?: boolean; condition?: Condition } = {},
  ): this {
    return this.add(name, { Put: { TableName: config.tableName, ...putInput(entity, record, options) } });
  }

  update<E extends AnyEntity>(
    name: string,
    entity: E,
    key: KeyOfEntity<E>,
    changes: Changes,
    options: UpdateOptions = {},
  ): this {
    return this.add(name, { Update: { TableName: config.tableName, ...updateInput(entity, key, changes, options) } });
  }

  delete<E extends AnyEntity>(
    name: string,
    entity: E,
    key: KeyOfEntity<E>,
    options: { mustExist?: boolean; condition?: Condition } = {},
  ): this {
    return this.add(name, { Delete: { TableName: config.tableName, ...deleteInput(entity, key, options) } });
  }

  /** A condition on an item the transaction does not change. */
  check<E extends AnyEntity>(name: string, entity: E, key: KeyOfEntity<E>, condition: Condition): this {
    const x = new Expression();
    const ConditionExpression = condition(x);
    return this.add(name, {
      ConditionCheck: { TableName: config.tableName, Key: entity.key(key), ConditionExpression, ...x.attributes() },
    });
  }

  /** An update of an item by its raw key (a stock-ledger bucket): see `updateRaw`. */
  updateRaw(name: string, key: RawItem, changes: Changes, options: { condition?: Condition } = {}): this {
    return this.add(name, { Update: { TableName: config.tableName, ...updateRawInput(key, changes, options) } });
  }

  private add(name: string, item: WriteItem): this {
    this.items.push({ name, item });
    return this;
  }

  /**
   * Commits the items. A cancellation caused only by contention (concurrent transactions on the same items,
   * throttling) is retried with jittered backoff, at most TRANSACTION_ATTEMPTS times, each time with a new
   * command; failed conditions become `explain`'s error, else a 409 naming each item and why it failed
   * (a 503 when DynamoDB was still throttling).
   */
  async commit(explain: Explain = () => undefined): Promise<void> {
    if (this.items.length === 0) return;
    if (this.items.length > MAX_TRANSACTION_ITEMS)
      throw new Error(`A transaction holds at most ${MAX_TRANSACTION_ITEMS} items (got ${this.items.length})`);
    const TransactItems = this.items.map((i) => i.item);
    for (let attempt = 1; ; attempt++) {
      try {
        await dynamoClient().send(new TransactWriteCommand({ TransactItems }));
        return;
      } catch (error) {
        const reasons = cancellationReasons(error);
        const failed = new Set(
          this.items.filter((_, i) => reasons?.[i] === 'ConditionalCheckFailed').map((i) => i.name),
        );
        const contention = reasons
          ? failed.size === 0 && reasons.some((r) => CONTENTION.includes(r))
          : CONTENTION_ERRORS.includes((error as { name?: string }).name ?? '');
        if (contention && attempt < TRANSACTION_ATTEMPTS) {
          await sleep(backoff(attempt - 1, 15));
          continue;
        }
        if (!reasons) throw error;
        if (failed.size > 0) {
          const explained = explain(failed);
          if (explained) throw explained;
        }
        if (failed.size === 0 && reasons.some((r) => THROTTLED.includes(r)))
          throw busyError('a transaction was throttled');
        throw new ConflictError(
          'The record changed while saving; reload and try again',
          this.items
            .map((item, i) => ({ path: `transaction.${item.name}`, message: reasons[i] ?? 'None' }))
            .filter((d) => d.message !== 'None'),
        );
      }
    }
  }
}

export const transaction = () => new Transaction();

/** Attempts of a transaction cancelled by contention, the first included. */
export const TRANSACTION_ATTEMPTS = 13;

const THROTTLED = ['ThrottlingError', 'ProvisionedThroughputExceeded'];
/** Cancellation codes that say nothing about the items, only that now was a bad moment. */
const CONTENTION = ['TransactionConflict', ...THROTTLED];
/** Errors of the whole request (not a cancellation) that the same kind of retry cures. */
const CONTENTION_ERRORS = ['TransactionConflictException', 'TransactionInProgressException'];

/** The per-item cancellation codes of a cancelled transaction ('None' for items that were fine). */
function cancellationReasons(error: unknown): string[] | undefined {
  const e = error as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}
