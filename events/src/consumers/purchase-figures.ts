import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { PURCHASE_FIGURES, liveGenerations, readReportState, reconcile } from '@bo/functions/data/reports';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS, withInvocationMetrics } from '@bo/functions/metrics';

/**
 * The purchasing report's figures from the table's stream (filtered to purchase order header writes), as the
 * sales figures are kept from the orders' (consumers/sales-figures.ts): recomputed per purchase order against
 * what it already added, so a retried batch adds nothing twice.
 */
export const handler = withInvocationMetrics(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const ids = [
    ...new Set(
      event.Records.flatMap((r) =>
        r.dynamodb?.NewImage?.purchaseOrderId?.S ? [r.dynamodb.NewImage.purchaseOrderId.S] : [],
      ),
    ),
  ];
  const gens = liveGenerations(await readReportState());
  if (!gens.length || !ids.length) return { batchItemFailures: [] };
  try {
    const counts = await reconcile(PURCHASE_FIGURES, ids, gens);
    countJobMetric(JOB_METRICS.salesCellWrites, counts.cellWrites);
    logger.info('Purchase figures applied', { consumer: 'purchase-figures', records: event.Records.length, ...counts });
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('Purchase figures failed; the stream retries the batch', { consumer: 'purchase-figures', error });
    return { batchItemFailures: [{ itemIdentifier: event.Records[0]?.dynamodb?.SequenceNumber ?? '' }] };
  }
});
