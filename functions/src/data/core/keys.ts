/**
 * Key strings in the format the table's items already carry (ElectroDB wrote them before this layer, so
 * the stored data needs no migration): lower-cased, `$<service>` then `#<attribute>_<value>` per composite
 * attribute for a partition key, `$<collection>#<entity>_<version>` (or `$<entity>_<version>`) then the
 * composites for a sort key.
 */
export const SERVICE = 'bo';

export type KeyValue = string | number;

const parts = (names: readonly string[], values: readonly KeyValue[]): string =>
  values.map((value, i) => `#${names[i]}_${value}`).join('');

export const partitionKey = (names: readonly string[], values: readonly KeyValue[]): string =>
  `$${SERVICE}${parts(names, values)}`.toLowerCase();

/** The fixed start of an entity's sort keys. */
export const sortKeyPrefix = (entity: string, version: string, collection?: string): string =>
  `$${collection ? `${collection}#` : ''}${entity}_${version}`.toLowerCase();

/**
 * A sort key from its leading composites. With fewer values than names it is a prefix; `open` appends
 * the next composite's name (`…#createdat_`) so `begins_with` matches only this entity's keys.
 */
export const sortKey = (prefix: string, names: readonly string[], values: readonly KeyValue[], open = false): string =>
  `${prefix}${parts(names, values)}${open && values.length < names.length ? `#${names[values.length]}_` : ''}`.toLowerCase();
