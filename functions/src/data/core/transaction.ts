import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../domain/errors';
import { config } from '../../config';
import { dynamoClient } from './client';
import type { Changes, Condition } from './expression';
import { Expression } from './expression';
import {
  type AnyEntity,
  type KeyOfEntity,
  type RecordOfEntity,
  type UpdateOptions,
  deleteInput,
  putInput,
  sleep,
  updateInput,
} from './operations';

type WriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Explains the items whose conditions failed, by the names they were added under, as the domain error to
 * throw (undefined: the generic conflict).
 */
export type Explain = (failed: ReadonlySet<string>) => Error | undefined;

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

  /** An item built elsewhere (the stock ledger's per-bucket updates). */
  raw(name: string, item: WriteItem): this {
    return this.add(name, item);
  }

  private add(name: string, item: WriteItem): this {
    this.items.push({ name, item });
    return this;
  }

  /**
   * Commits the items. A cancellation caused only by concurrent transactions on the same items is retried
   * with jittered backoff; failed conditions become `explain`'s error, else a 409.
   */
  async commit(explain: Explain = () => undefined): Promise<void> {
    if (this.items.length === 0) return;
    if (this.items.length > MAX_TRANSACTION_ITEMS)
      throw new Error(`A transaction holds at most ${MAX_TRANSACTION_ITEMS} items (got ${this.items.length})`);
    const command = new TransactWriteCommand({ TransactItems: this.items.map((i) => i.item) });
    for (let attempt = 0; ; attempt++) {
      try {
        await dynamoClient().send(command);
        return;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons) {
          if (isInProgress(error) && attempt < RETRIES) {
            await sleep(backoff(attempt));
            continue;
          }
          throw error;
        }
        const failed = new Set(this.items.filter((_, i) => reasons[i] === 'ConditionalCheckFailed').map((i) => i.name));
        if (failed.size === 0 && reasons.includes('TransactionConflict') && attempt < RETRIES) {
          await sleep(backoff(attempt));
          continue;
        }
        throw (
          (failed.size > 0 ? explain(failed) : undefined) ??
          new ConflictError(
            'The record changed while saving; reload and try again',
            this.items
              .map((item, i) => ({ path: `transaction.${item.name}`, message: reasons[i] ?? 'None' }))
              .filter((d) => d.message !== 'None'),
          )
        );
      }
    }
  }
}

export const transaction = () => new Transaction();

const RETRIES = 12;
const backoff = (attempt: number) => Math.min(1000, 15 * 2 ** attempt) * (0.5 + Math.random());

const isInProgress = (error: unknown) =>
  ['TransactionConflictException', 'TransactionInProgressException'].includes((error as { name?: string }).name ?? '');

/** The per-item cancellation codes of a cancelled transaction ('None' for items that were fine). */
function cancellationReasons(error: unknown): string[] | undefined {
  const e = error as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}
