import { MOVEMENT_SOURCE } from '@bo/functions/data/stock-movements';
import { SALES_SOURCE } from '@bo/functions/data/reports/from-stream';

/**
 * The table's stream consumers, by name. One function reads the stream (the dispatcher, events/src/stream): it
 * hands each consumer the records its filter matches, in the consumer's batch size, loading the consumer's code
 * only when a record is for it. A filter names the partition, the event kinds and, when the partition holds
 * several entities, the entity (`matchesConsumer`). Adding a consumer adds an entry here and a module, never a
 * reader of the stream. Long jobs are not consumers: they run from queues (events/src/queued).
 */
export const CONSUMERS = {
  'stock-movements': {
    /** Records of items with this partition key, of these event kinds. */
    filter: { ...MOVEMENT_SOURCE, entity: undefined },
    batchSize: 100,
    description: 'stock history from the stock ledger',
    /**
     * Writes only: conditional puts of change-log entries, each in a transaction with the ADD of its month's
     * movement item (an update), and the conditional update of when recording began. No reads.
     */
    grants: { table: 'writeOnly', buckets: [] },
    load: () => import('./stock-movements'),
  },
  'sales-figures': {
    /** Every order header write: the order's sales cells are recomputed and what changed is added. */
    filter: SALES_SOURCE,
    batchSize: 100,
    description: 'sales report figures from order writes',
    /** Reads orders, customers and the report state; writes cells and contributions. */
    grants: { table: 'readWrite', buckets: [] },
    load: () => import('./sales-figures'),
  },
  'purchase-figures': {
    /** Every purchase order header write: its spend cells are recomputed and what changed is added. */
    filter: { pk: undefined, eventNames: ['INSERT', 'MODIFY'], entity: 'purchaseOrder' },
    batchSize: 100,
    description: 'purchasing report figures from purchase order writes',
    grants: { table: 'readWrite', buckets: [] },
    load: () => import('./purchase-figures'),
  },
  'receivable-figures': {
    /** Every payment and return write: what it moved receivables by is recomputed and what changed is added. */
    filter: { pk: undefined, eventNames: ['INSERT', 'MODIFY'], entity: ['payment', 'return'] },
    batchSize: 100,
    description: 'receivables report figures from payment and return writes',
    grants: { table: 'readWrite', buckets: [] },
    load: () => import('./receivable-figures'),
  },
  'delivery-returns': {
    /** New delivery records: a PARTIAL one takes what was not delivered back into stock through a return. */
    filter: { pk: undefined, eventNames: ['INSERT'], entity: 'deliveryRecord' },
    batchSize: 10,
    description: 'returns of goods a partial delivery did not deliver',
    /** Reads the record and its order; writes the return (stock, balances, change log) and the record's link. */
    grants: { table: 'readWrite', buckets: [] },
    load: () => import('./delivery-returns'),
  },
} as const;

export type ConsumerName = keyof typeof CONSUMERS;
export const CONSUMER_NAMES = Object.keys(CONSUMERS) as ConsumerName[];

type Filter = (typeof CONSUMERS)[ConsumerName]['filter'];

/** One filter of the stream's event source mapping (what the CDK turns into a filter pattern). */
export interface MappingFilter {
  readonly eventNames: readonly string[];
  readonly pk?: string;
  /** The entities let through; absent: every item of the partition (or of the table). */
  readonly entities?: readonly string[];
}

/**
 * The filters of the one mapping on the stream: a record that some consumer takes passes one of them, so the
 * dispatcher is not invoked for the many records nobody reads (cells, contributions, change-log entries). One
 * filter per partition key consumers name and one for the consumers told apart by entity alone: a few filters
 * however many consumers (a mapping takes five by default). A filter may let through more than its consumers
 * take (the union of their event kinds): the dispatcher tests each record against each consumer again.
 */
export function mappingFilters(
  filters: readonly Filter[] = CONSUMER_NAMES.map((n) => CONSUMERS[n].filter),
): MappingFilter[] {
  const groups = new Map<string | undefined, Filter[]>();
  for (const filter of filters) groups.set(filter.pk, [...(groups.get(filter.pk) ?? []), filter]);
  return [...groups].map(([pk, group]) => {
    const eventNames = [...new Set(group.flatMap((f) => f.eventNames))].sort();
    const everyEntity = group.some((f) => f.entity === undefined);
    const entities = [...new Set(group.flatMap((f) => (f.entity === undefined ? [] : [f.entity].flat())))].sort();
    return { eventNames, ...(pk === undefined ? {} : { pk }), ...(everyEntity ? {} : { entities }) };
  });
}

/** Whether a stream record is one a consumer takes: what its event source mapping's filter lets through. */
export function matchesConsumer(
  filter: { pk: string | undefined; eventNames: readonly string[]; entity: string | readonly string[] | undefined },
  record: {
    eventName?: string;
    dynamodb?: { Keys?: { pk?: { S?: string } }; NewImage?: Record<string, { S?: string }> };
  },
): boolean {
  return (
    filter.eventNames.includes(record.eventName ?? '') &&
    (filter.pk === undefined || record.dynamodb?.Keys?.pk?.S === filter.pk) &&
    (filter.entity === undefined || [filter.entity].flat().includes(record.dynamodb?.NewImage?.__edb_e__?.S ?? ''))
  );
}
