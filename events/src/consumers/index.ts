import { MOVEMENT_SOURCE } from '@bo/functions/data/stock-movements';
import { JOB_SOURCE } from '@bo/functions/data/job-queue';
import { SALES_SOURCE } from '@bo/functions/data/reports/from-stream';

/**
 * The table's stream consumers, by name. The CDK app gives each an event source mapping with this filter
 * and batch size; the local stack polls the stream and hands matching records to the same handler. A filter
 * names the partition, the event kinds and, when the partition holds several entities, the entity
 * (`matchesConsumer` below is the same test the mapping's filter pattern makes).
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
    timeoutSeconds: 60,
    load: () => import('./stock-movements'),
  },
  imports: {
    /** An import's state writes (its entity in the jobs partition): each wakes its next step. */
    filter: { ...JOB_SOURCE, entity: 'import' },
    batchSize: 10,
    description: 'the import job: dry runs and resumable commits',
    /** Reads every record an import names and writes through the data layer; reads the file, writes its plan. */
    grants: { table: 'readWrite', buckets: ['documents'] },
    /** A run works until a minute before this, then its progress write wakes the next run. */
    timeoutSeconds: 600,
    /** Installed beside the bundle and loaded only to read an .xlsx (as pdfmake is for the invoice route). */
    nodeModules: ['exceljs'],
    load: () => import('./imports'),
  },
  'accounting-exports': {
    /** An accounting export's creation (its entity in the jobs partition). */
    filter: { ...JOB_SOURCE, entity: 'accountingExport' },
    batchSize: 10,
    description: 'the accounting export job',
    /** Reads the range, writes the records' export states and the export; writes its files. */
    grants: { table: 'readWrite', buckets: ['documents'] },
    timeoutSeconds: 600,
    load: () => import('./accounting-exports'),
  },
  'sales-figures': {
    /** Every order header write: the order's sales cells are recomputed and what changed is added. */
    filter: SALES_SOURCE,
    batchSize: 100,
    description: 'sales report figures from order writes',
    /** Reads orders, customers and the report state; writes cells and contributions. */
    grants: { table: 'readWrite', buckets: [] },
    timeoutSeconds: 120,
    load: () => import('./sales-figures'),
  },
  'purchase-figures': {
    /** Every purchase order header write: its spend cells are recomputed and what changed is added. */
    filter: { pk: undefined, eventNames: ['INSERT', 'MODIFY'], entity: 'purchaseOrder' },
    batchSize: 100,
    description: 'purchasing report figures from purchase order writes',
    grants: { table: 'readWrite', buckets: [] },
    timeoutSeconds: 120,
    load: () => import('./purchase-figures'),
  },
  'receivable-figures': {
    /** Every payment and return write: what it moved receivables by is recomputed and what changed is added. */
    filter: { pk: undefined, eventNames: ['INSERT', 'MODIFY'], entity: ['payment', 'return'] },
    batchSize: 100,
    description: 'receivables report figures from payment and return writes',
    grants: { table: 'readWrite', buckets: [] },
    timeoutSeconds: 120,
    load: () => import('./receivable-figures'),
  },
  'delivery-returns': {
    /** New delivery records: a PARTIAL one takes what was not delivered back into stock through a return. */
    filter: { pk: undefined, eventNames: ['INSERT'], entity: 'deliveryRecord' },
    batchSize: 10,
    description: 'returns of goods a partial delivery did not deliver',
    /** Reads the record and its order; writes the return (stock, balances, change log) and the record's link. */
    grants: { table: 'readWrite', buckets: [] },
    timeoutSeconds: 60,
    load: () => import('./delivery-returns'),
  },
  'report-rebuild': {
    /** The report state's writes (its entity in the jobs partition): each progress write wakes the next step. */
    filter: { ...JOB_SOURCE, entity: 'reportState' },
    batchSize: 10,
    description: 'the report rebuild job',
    grants: { table: 'readWrite', buckets: [] },
    timeoutSeconds: 600,
    load: () => import('./report-rebuild'),
  },
} as const;

export type ConsumerName = keyof typeof CONSUMERS;

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
