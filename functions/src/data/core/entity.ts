import { type GSIS, KEY_ATTRIBUTES } from './table';
import { type KeyValue, partitionKey, sortKey, sortKeyPrefix } from './keys';

type Field<T> = Extract<keyof T, string>;

/** Where an entity's items are found: the table's own key (`pk`/`sk`) or a GSI (`gsiNpk`/`gsiNsk`). */
export interface KeyDef<T> {
  pk: readonly Field<T>[];
  sk: readonly Field<T>[];
  /** Entities of one collection share a partition and a sort-key start, so one Query reads them together. */
  collection?: string;
}
export interface IndexDef<T> extends KeyDef<T> {
  index: (typeof GSIS)[number];
  /** A sparse index: the item carries this index's keys only while `when` holds. */
  when?: (item: T) => boolean;
}

export interface EntityModel<T, P extends KeyDef<T>, I extends Record<string, IndexDef<T>>> {
  entity: string;
  version: string;
  primary: P;
  indexes?: I;
}

/** The primary-key attributes of an entity: what a Get, an update or a delete names. */
export type KeyOf<T, P extends KeyDef<T>> = Pick<T, P['pk'][number] | P['sk'][number]>;

/** A stored item as DynamoDB returns it. */
export type RawItem = Record<string, unknown>;

/** Bookkeeping attributes every item carries (ElectroDB's names, kept so the stored data stays readable). */
export const ENTITY_ATTRIBUTE = '__edb_e__';
export const VERSION_ATTRIBUTE = '__edb_v__';
/** What the core computes for an item (its keys and markers): never read into a record, never taken from one. */
const isComputed = (name: string) =>
  KEY_ATTRIBUTES.has(name) || name === ENTITY_ATTRIBUTE || name === VERSION_ATTRIBUTE;

/** A sort-key condition from leading composite values (`begins`), or a range between two of them. */
export type SortCondition<T> =
  { begins: Partial<T> } | { between: readonly [Partial<T>, Partial<T>] } | { gte: Partial<T> } | { lte: Partial<T> };

/**
 * One kind of item in the one table: its key layout, its indexes (the access patterns, written beside the
 * definition) and the mapping between records and stored items. Reads and writes live in `operations.ts`
 * and `transaction.ts`; they take an entity and a record.
 */
/** No secondary index. */
export type NoIndexes = Record<never, never>;

export class Entity<
  T extends object,
  P extends KeyDef<T> = KeyDef<T>,
  I extends Record<string, IndexDef<T>> = NoIndexes,
> {
  readonly name: string;
  readonly version: string;
  readonly primary: P;
  readonly indexes: I;
  /** The names of its sparse indexes: their membership follows the whole record, so it is only ever put whole. */
  readonly sparseIndexes: readonly string[];

  constructor(model: EntityModel<T, P, I>) {
    this.name = model.entity;
    this.version = model.version;
    this.primary = model.primary;
    this.indexes = (model.indexes ?? {}) as I;
    this.sparseIndexes = Object.entries(this.indexes as Record<string, IndexDef<T>>)
      .filter(([, def]) => def.when)
      .map(([name]) => name);
  }

  /** The primary key of one item. */
  key(values: KeyOf<T, P>): { pk: string; sk: string } {
    return this.keysOf(this.primary, values as Partial<T>, 'pk', 'sk');
  }

  /**
   * The stored item for a record: the record, every index key it qualifies for, and the entity markers. Key
   * attributes a record carries anyway (one spread from a raw item) are ignored: keys come from the record's
   * values alone, so a put both adds and removes sparse-index membership.
   */
  toItem(record: T): RawItem {
    const item: RawItem = {};
    for (const [name, value] of Object.entries(record)) if (!isComputed(name)) item[name] = value;
    Object.assign(item, this.key(record as KeyOf<T, P>));
    for (const def of Object.values(this.indexes) as IndexDef<T>[]) {
      if (def.when && !def.when(record)) continue;
      Object.assign(item, this.keysOf(def, record, `${def.index}pk`, `${def.index}sk`));
    }
    item[ENTITY_ATTRIBUTE] = this.name;
    item[VERSION_ATTRIBUTE] = this.version;
    return item;
  }

  /** The record of a stored item: the table's key attributes and the markers dropped, sets read as sorted arrays. */
  fromItem(item: RawItem): T {
    const record: RawItem = {};
    for (const [name, value] of Object.entries(item)) {
      if (isComputed(name)) continue;
      record[name] = value instanceof Set ? [...(value as Set<unknown>)].sort() : value;
    }
    return record as T;
  }

  /** Whether a stored item is one of this entity's (collections hold several kinds). */
  owns(item: RawItem): boolean {
    return item[ENTITY_ATTRIBUTE] === this.name && item[VERSION_ATTRIBUTE] === this.version;
  }

  /**
   * The index keys an update must also set when it changes composite attributes of a secondary index, so
   * the index never points at stale values. Every composite of such an index must be among the changed values
   * or the key. An entity with a sparse index is never updated: whether an item belongs to a sparse index
   * depends on the whole record, which only a put has.
   */
  indexKeysFor(changed: Partial<T>, key: Partial<T>): RawItem {
    if (this.sparseIndexes.length)
      throw new Error(`${this.name}: sparse indexes (${this.sparseIndexes.join(', ')}) need a put of the whole record`);
    const keys: RawItem = {};
    const values = { ...key, ...changed };
    for (const [name, def] of Object.entries(this.indexes) as [string, IndexDef<T>][]) {
      const composites = [...def.pk, ...def.sk];
      if (!composites.some((c) => c in changed)) continue;
      if (composites.some((c) => values[c] === undefined))
        throw new Error(`${this.name}: an update touching index ${name} must be a put of the whole record`);
      Object.assign(keys, this.keysOf(def, values, `${def.index}pk`, `${def.index}sk`));
    }
    return keys;
  }

  /** The key condition of a Query on the primary key (`'primary'`) or a named index. */
  keyCondition(
    index: 'primary' | Extract<keyof I, string>,
    partition: Partial<T>,
    sort?: SortCondition<T>,
  ): { IndexName?: string; pkName: string; pk: string; skName: string; sk?: SkClause } {
    const def: KeyDef<T> & Partial<IndexDef<T>> = index === 'primary' ? this.primary : this.indexes[index]!;
    const prefix = sortKeyPrefix(this.name, this.version, def.collection);
    const skOf = (values: Partial<T>, open: boolean) => sortKey(prefix, def.sk, this.leading(def.sk, values), open);
    const pkName = def.index ? `${def.index}pk` : 'pk';
    const skName = def.index ? `${def.index}sk` : 'sk';
    const pk = partitionKey(def.pk, this.values(def.pk, partition));
    let sk: SkClause | undefined;
    if (!sort) sk = def.sk.length ? { begins: skOf({}, true) } : { eq: prefix };
    else if ('begins' in sort) sk = { begins: skOf(sort.begins, true) };
    else if ('between' in sort) sk = { between: [skOf(sort.between[0], false), skOf(sort.between[1], false)] };
    else if ('gte' in sort) sk = { gte: skOf(sort.gte, false) };
    else sk = { lte: skOf(sort.lte, false) };
    return { ...(def.index ? { IndexName: def.index } : {}), pkName, pk, skName, sk };
  }

  /** The partition and sort-key start shared by the entities of the primary key's collection. */
  collectionKey(partition: Partial<T>): { pk: string; begins: string } {
    if (!this.primary.collection) throw new Error(`${this.name} belongs to no collection`);
    return {
      pk: partitionKey(this.primary.pk, this.values(this.primary.pk, partition)),
      begins: `$${this.primary.collection}`.toLowerCase(),
    };
  }

  private keysOf(def: KeyDef<T>, values: Partial<T>, pkName: string, skName: string) {
    return {
      [pkName]: partitionKey(def.pk, this.values(def.pk, values)),
      [skName]: sortKey(sortKeyPrefix(this.name, this.version, def.collection), def.sk, this.values(def.sk, values)),
    } as { pk: string; sk: string };
  }

  private values(names: readonly Field<T>[], values: Partial<T>): KeyValue[] {
    return names.map((name) => {
      const value = values[name];
      if (value === undefined || value === null) throw new Error(`${this.name}: missing key attribute ${name}`);
      return value as KeyValue;
    });
  }

  /** The values of the leading composites given (a prefix of the sort key). */
  private leading(names: readonly Field<T>[], values: Partial<T>): KeyValue[] {
    const out: KeyValue[] = [];
    for (const name of names) {
      const value = values[name];
      if (value === undefined || value === null) break;
      out.push(value as KeyValue);
    }
    return out;
  }
}

export type SkClause =
  { eq: string } | { begins: string } | { between: readonly [string, string] } | { gte: string } | { lte: string };

/**
 * Declares an entity: `defineEntity<OrderRecord>()({ entity, version, primary, indexes })`. The record type
 * comes first so the key and index attribute names are checked against it.
 */
export const defineEntity =
  <T extends object>() =>
  <const P extends KeyDef<T>, const I extends Record<string, IndexDef<T>> = NoIndexes>(model: EntityModel<T, P, I>) =>
    new Entity<T, P, I>(model);

export type RecordOf<E> = E extends Entity<infer T, infer _P, infer _I> ? T : never;
