import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { liveGenerations, orderIdsOf, readReportState, reconcileOrders } from '@bo/functions/data/reports';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS, withInvocationMetrics } from '@bo/functions/metrics';

/**
 * The sales report's figures from the table's stream (filtered to order header writes): the batch's orders are
 * recomputed against what each already added (`reconcileOrders`), in the generation read and in one a rebuild
 * is building, so a retried batch adds nothing twice. A failure fails the whole batch (its orders are applied
 * together); the stream retries it, bisecting, then sends it to the failure queue.
 */
export const handler = withInvocationMetrics(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const orderIds = orderIdsOf(event.Records);
  const gens = liveGenerations(await readReportState());
  if (!gens.length || !orderIds.length) return { batchItemFailures: [] };
  try {
    const counts = await reconcileOrders(orderIds, gens);
    countJobMetric(JOB_METRICS.salesOrdersApplied, counts.changed);
    countJobMetric(JOB_METRICS.salesCellWrites, counts.cellWrites);
    logger.info('Sales figures applied', { consumer: 'sales-figures', records: event.Records.length, ...counts });
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('Sales figures failed; the stream retries the batch', {
      consumer: 'sales-figures',
      orders: orderIds.length,
      error,
    });
    return { batchItemFailures: [{ itemIdentifier: event.Records[0]?.dynamodb?.SequenceNumber ?? '' }] };
  }
});
