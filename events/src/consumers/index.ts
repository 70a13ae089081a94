import { MOVEMENT_SOURCE } from '@bo/functions/data/stock-movements';
import { JOB_SOURCE } from '@bo/functions/data/job-queue';

/**
 * The table's stream consumers, by name. The CDK app gives each an event source mapping with this filter
 * and batch size; the local stack polls the stream and hands matching records to the same handler.
 */
export const CONSUMERS = {
  'stock-movements': {
    /** Records of items with this partition key, of these event kinds. */
    filter: MOVEMENT_SOURCE,
    batchSize: 100,
    description: 'stock history from the stock ledger',
    /** Its only table call: conditional puts of change-log entries. */
    grants: { table: 'putOnly', buckets: [] },
    timeoutSeconds: 60,
    load: () => import('./stock-movements'),
  },
  jobs: {
    /** A job's state writes: each wakes the job's next step (imports: events/src/imports/run.ts). */
    filter: JOB_SOURCE,
    batchSize: 10,
    description: 'long jobs: imports and accounting exports',
    /** Reads every record an import names and writes through the data layer; reads the file, writes its plan. */
    grants: { table: 'readWrite', buckets: ['documents'] },
    /** A run works until a minute before this, then its progress write wakes the next run. */
    timeoutSeconds: 600,
    load: () => import('./jobs'),
  },
} as const;

export type ConsumerName = keyof typeof CONSUMERS;
