import { MOVEMENT_SOURCE } from '@bo/functions/data/stock-movements';

/**
 * The table's stream consumers, by name. The CDK app gives each an event source mapping with this filter
 * and batch size; the local stack polls the stream and hands matching records to the same handler.
 */
export const CONSUMERS = {
  'stock-movements': {
    /** Records of items with this partition key, of these event kinds. */
    filter: MOVEMENT_SOURCE,
    batchSize: 100,
    load: () => import('./stock-movements'),
  },
} as const;

export type ConsumerName = keyof typeof CONSUMERS;
