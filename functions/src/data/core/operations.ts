import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { BadRequestError } from '../../domain';
import { dynamoClient } from './client';
import type { Entity, KeyDef, KeyOf, RawItem, SkClause, SortCondition } from './entity';
import { type Changes, type Condition, Expression, and, itemAbsent, itemExists, updateExpression } from './expression';
import { mapLimit } from '../map-limit';
import { MAX_ATTEMPTS, backoff, busyError, sleep } from './retry';

/**
 * The request-path operations on entities: Get, BatchGet, Query, and single-item writes. Multi-item changes
 * go through `transaction.ts`. Every call names the table from `config.tableName` and the client from
 * `client.ts`, so tests and tools point them elsewhere through the environment. The `…Raw` forms work on
 * items that are no entity's (the stock ledger's buckets, whose attribute names are per product).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any entity, whatever its record and keys
type AnyEntity = Entity<any, any, any>;
type RecordOfEntity<E> = E extends Entity<infer T, infer _P, infer _I> ? T : never;
type KeyOfEntity<E> = E extends Entity<infer T, infer P extends KeyDef<infer T>, infer _I> ? KeyOf<T, P> : never;
type IndexOfEntity<E> = E extends Entity<infer _T, infer _P, infer I> ? 'primary' | Extract<keyof I, string> : never;

/** One item by its raw key (`pk`, `sk`), as stored. */
export async function getRaw(key: RawItem, options: { consistent?: boolean } = {}): Promise<RawItem | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: options.consistent }),
  );
  return Item;
}

export async function get<E extends AnyEntity>(
  entity: E,
  key: KeyOfEntity<E>,
  options: { consistent?: boolean } = {},
): Promise<RecordOfEntity<E> | undefined> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: config.tableName, Key: entity.key(key), ConsistentRead: options.consistent }),
  );
  return Item ? entity.fromItem(Item) : undefined;
}

/** Many items by key (BatchGetItem in chunks of 100, unprocessed keys retried); missing ones are left out. */
export async function batchGet<E extends AnyEntity>(
  entity: E,
  keys: readonly KeyOfEntity<E>[],
  options: { consistent?: boolean } = {},
): Promise<RecordOfEntity<E>[]> {
  const items = await batchGetRaw(
    keys.map((k) => entity.key(k)),
    options,
  );
  return items.filter((i) => entity.owns(i)).map((i) => entity.fromItem(i));
}

/** BatchGetItem requests in flight at once: a 3,000-key read is 30 requests, not 30 round trips in a row. */
const BATCH_GETS_AT_ONCE = 8;

/** Items by key, 100 keys per BatchGetItem, several requests at once; unprocessed keys are retried. */
export async function batchGetRaw(keys: readonly RawItem[], options: { consistent?: boolean } = {}) {
  const table = config.tableName;
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const chunks = Array.from({ length: Math.ceil(unique.length / 100) }, (_, i) => unique.slice(i * 100, i * 100 + 100));
  const pages = await mapLimit(chunks, BATCH_GETS_AT_ONCE, async (Keys) => {
    const found: RawItem[] = [];
    let request: Record<string, { Keys: RawItem[]; ConsistentRead?: boolean }> | undefined = {
      [table]: { Keys, ConsistentRead: options.consistent },
    };
    for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
      if (attempt === MAX_ATTEMPTS) throw busyError('some keys stayed unread');
      if (attempt > 0) await sleep(backoff(attempt - 1));
      const out = await dynamoClient().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[table] ?? []));
      request = out.UnprocessedKeys as typeof request;
    }
    return found;
  });
  return pages.flat();
}

export interface QueryOptions {
  order?: 'asc' | 'desc';
  /** At most this many items (one page); without it, every page is read. */
  limit?: number;
  /** Where the previous page stopped (`cursor` of its result). */
  cursor?: string | null;
  consistent?: boolean;
  /** Only these attributes (a projection; keys and markers are always read). */
  attributes?: readonly string[];
}

/** One Query of an entity's index; with `limit`, one page and the cursor to the next. */
export async function query<E extends AnyEntity>(
  entity: E,
  index: IndexOfEntity<E>,
  partition: Partial<RecordOfEntity<E>>,
  options: QueryOptions & { sort?: SortCondition<RecordOfEntity<E>> } = {},
): Promise<{ items: RecordOfEntity<E>[]; cursor: string | null }> {
  const condition = entity.keyCondition(index, partition, options.sort);
  const { items, cursor } = await queryRaw(condition, options);
  return { items: items.filter((i) => entity.owns(i)).map((i) => entity.fromItem(i)), cursor };
}

/** Every item of an entity's index partition (all pages). */
export async function queryAll<E extends AnyEntity>(
  entity: E,
  index: IndexOfEntity<E>,
  partition: Partial<RecordOfEntity<E>>,
  options: Omit<QueryOptions, 'limit' | 'cursor'> & { sort?: SortCondition<RecordOfEntity<E>> } = {},
): Promise<RecordOfEntity<E>[]> {
  return (await query(entity, index, partition, options)).items;
}

/**
 * Reads a collection whole: the entities that share one partition and sort-key start (a product and its
 * batches, an order and its line groups) in one Query, all pages, sorted out by kind.
 */
export async function readCollection<const M extends Record<string, AnyEntity>>(
  entities: M,
  partition: Partial<RecordOfEntity<M[keyof M]>>,
  options: { consistent?: boolean } = {},
): Promise<{ [K in keyof M]: RecordOfEntity<M[K]>[] }> {
  const members = Object.entries(entities);
  const { pk, begins } = members[0]![1].collectionKey(partition);
  const { items } = await queryRaw({ pkName: 'pk', pk, skName: 'sk', sk: { begins } }, options);
  const out = Object.fromEntries(members.map(([name]) => [name, [] as unknown[]]));
  for (const item of items)
    for (const [name, entity] of members)
      if (entity.owns(item)) {
        out[name]!.push(entity.fromItem(item));
        break;
      }
  return out as { [K in keyof M]: RecordOfEntity<M[K]>[] };
}

interface KeyConditionInput {
  IndexName?: string;
  pkName: string;
  pk: string;
  skName: string;
  sk?: SkClause;
}

/** A Query by key condition, raw items; all pages unless `limit` is given. */
export async function queryRaw(
  condition: KeyConditionInput,
  options: QueryOptions = {},
): Promise<{ items: RawItem[]; cursor: string | null }> {
  const x = new Expression();
  const pk = `${x.name(condition.pkName)} = ${x.value(condition.pk)}`;
  const sk = condition.sk ? sortExpression(x, condition.skName, condition.sk) : undefined;
  const projection = options.attributes?.length
    ? [...new Set([...options.attributes, 'pk', 'sk', '__edb_e__', '__edb_v__'])].map((a) => x.name(a)).join(', ')
    : undefined;
  const input: QueryCommandInput = {
    TableName: config.tableName,
    ...(condition.IndexName ? { IndexName: condition.IndexName } : {}),
    KeyConditionExpression: sk ? `${pk} AND ${sk}` : pk,
    ...(projection ? { ProjectionExpression: projection } : {}),
    ...x.attributes(),
    ScanIndexForward: options.order !== 'desc',
    ...(options.consistent ? { ConsistentRead: true } : {}),
  };
  const items: RawItem[] = [];
  let start = decodeCursor(options.cursor, condition);
  let fromCursor = start !== undefined;
  do {
    const page = await dynamoClient()
      .send(
        new QueryCommand({
          ...input,
          ...(start ? { ExclusiveStartKey: start } : {}),
          ...(options.limit ? { Limit: options.limit - items.length } : {}),
        }),
      )
      .catch((error: unknown) => {
        // A well-formed key of this partition can still lie outside the sort-key condition.
        if (fromCursor && (error as { name?: string }).name === 'ValidationException') throw invalidCursor();
        throw error;
      });
    fromCursor = false;
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && (!options.limit || items.length < options.limit));
  return { items, cursor: start ? encodeCursor(start) : null };
}

function sortExpression(x: Expression, name: string, sk: SkClause): string {
  const n = x.name(name);
  if ('eq' in sk) return `${n} = ${x.value(sk.eq)}`;
  if ('begins' in sk) return `begins_with(${n}, ${x.value(sk.begins)})`;
  if ('between' in sk) return `${n} BETWEEN ${x.value(sk.between[0])} AND ${x.value(sk.between[1])}`;
  if ('gte' in sk) return `${n} >= ${x.value(sk.gte)}`;
  return `${n} <= ${x.value(sk.lte)}`;
}

const encodeCursor = (key: RawItem) => Buffer.from(JSON.stringify(key)).toString('base64url');
const invalidCursor = () => new BadRequestError('Invalid cursor');

/**
 * A cursor back into the key it was made from. Anything else (not base64url JSON, other attributes, another
 * partition) is the caller's mistake: 400 'Invalid cursor', never a start key DynamoDB would refuse with a 500.
 */
const decodeCursor = (cursor: string | null | undefined, condition: KeyConditionInput): RawItem | undefined => {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) throw invalidCursor();
  const names = new Set(['pk', 'sk', condition.pkName, condition.skName]);
  const entries = Object.entries(key);
  const wellFormed =
    entries.length === names.size &&
    entries.every(([name, value]) => names.has(name) && (typeof value === 'string' || typeof value === 'number')) &&
    (key as RawItem)[condition.pkName] === condition.pk;
  if (!wellFormed) throw invalidCursor();
  return key as RawItem;
};

/** Writes a whole record; `ifAbsent` refuses to overwrite, `condition` adds a check on the stored item. */
export async function put<E extends AnyEntity>(
  entity: E,
  record: RecordOfEntity<E>,
  options: { ifAbsent?: boolean; condition?: Condition } = {},
): Promise<void> {
  await dynamoClient().send(new PutCommand({ TableName: config.tableName, ...putInput(entity, record, options) }));
}

export function putInput<E extends AnyEntity>(
  entity: E,
  record: RecordOfEntity<E>,
  options: { ifAbsent?: boolean; condition?: Condition },
) {
  const conditions = [...(options.ifAbsent ? [itemAbsent] : []), ...(options.condition ? [options.condition] : [])];
  const x = new Expression();
  const ConditionExpression = conditions.length ? and(...conditions)(x) : undefined;
  return { Item: entity.toItem(record), ...(ConditionExpression ? { ConditionExpression } : {}), ...x.attributes() };
}

export interface UpdateOptions {
  /** Fail when the item does not exist (default true); false makes an upsert (counters). */
  mustExist?: boolean;
  condition?: Condition;
}

/**
 * Changes some attributes of one item; index keys follow changed composites. Returns the item's attributes
 * after the change.
 */
export async function update<E extends AnyEntity>(
  entity: E,
  key: KeyOfEntity<E>,
  changes: Changes,
  options: UpdateOptions = {},
): Promise<RecordOfEntity<E>> {
  const { Attributes } = await dynamoClient().send(
    new UpdateCommand({
      TableName: config.tableName,
      ...updateInput(entity, key, changes, options),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return entity.fromItem(Attributes ?? {});
}

export function updateInput<E extends AnyEntity>(
  entity: E,
  key: KeyOfEntity<E>,
  changes: Changes,
  options: UpdateOptions,
) {
  const x = new Expression();
  // The key attributes and markers are set too, as ElectroDB did: an upserted item is a whole record.
  const set = {
    ...changes.set,
    ...entity.indexKeysFor(changes.set ?? {}, key),
    ...key,
    __edb_e__: entity.name,
    __edb_v__: entity.version,
  };
  const UpdateExpression = updateExpression(x, { ...changes, set });
  const conditions = [
    ...(options.mustExist === false ? [] : [itemExists]),
    ...(options.condition ? [options.condition] : []),
  ];
  const ConditionExpression = conditions.length ? and(...conditions)(x) : undefined;
  return {
    Key: entity.key(key),
    UpdateExpression,
    ...(ConditionExpression ? { ConditionExpression } : {}),
    ...x.attributes(),
  };
}

/**
 * Changes some attributes of an item by its raw key; no markers, no index keys, no existence check unless
 * the condition makes one (an item that does not exist yet is created).
 */
export async function updateRaw(key: RawItem, changes: Changes, options: { condition?: Condition } = {}) {
  await dynamoClient().send(
    new UpdateCommand({ TableName: config.tableName, ...updateRawInput(key, changes, options) }),
  );
}

export function updateRawInput(key: RawItem, changes: Changes, options: { condition?: Condition } = {}) {
  const x = new Expression();
  const UpdateExpression = updateExpression(x, changes);
  const ConditionExpression = options.condition?.(x);
  return { Key: key, UpdateExpression, ...(ConditionExpression ? { ConditionExpression } : {}), ...x.attributes() };
}

/** Deletes one item; `mustExist` (default false) fails when it is already gone. */
export async function remove<E extends AnyEntity>(
  entity: E,
  key: KeyOfEntity<E>,
  options: { mustExist?: boolean; condition?: Condition } = {},
): Promise<void> {
  await dynamoClient().send(new DeleteCommand({ TableName: config.tableName, ...deleteInput(entity, key, options) }));
}

export function deleteInput<E extends AnyEntity>(
  entity: E,
  key: KeyOfEntity<E>,
  options: { mustExist?: boolean; condition?: Condition },
) {
  const conditions = [...(options.mustExist ? [itemExists] : []), ...(options.condition ? [options.condition] : [])];
  const x = new Expression();
  const ConditionExpression = conditions.length ? and(...conditions)(x) : undefined;
  return { Key: entity.key(key), ...(ConditionExpression ? { ConditionExpression } : {}), ...x.attributes() };
}

export type { AnyEntity, RecordOfEntity, KeyOfEntity };
