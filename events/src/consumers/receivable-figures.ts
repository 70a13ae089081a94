import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import {
  PAYMENT_FIGURES,
  RETURN_FIGURES,
  liveGenerations,
  readReportState,
  reconcile,
} from '@bo/functions/data/reports';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS, withInvocationMetrics } from '@bo/functions/metrics';

type Records = DynamoDBStreamEvent['Records'];
const idsOf = (records: Records, entity: string, attribute: string) => [
  ...new Set(
    records.flatMap((r) => {
      const image = r.dynamodb?.NewImage;
      const id = image?.[attribute]?.S;
      return image?.__edb_e__?.S === entity && id ? [id] : [];
    }),
  ),
];

/**
 * The receivables report's figures from the table's stream (filtered to payment and return writes), as the
 * sales figures are kept from the orders' (consumers/sales-figures.ts): each payment and return recomputed
 * against what it already added, so a retried batch adds nothing twice. Orders' invoiced amounts are kept by
 * sales-figures with their sales.
 */
export const handler = withInvocationMetrics(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const payments = idsOf(event.Records, 'payment', 'paymentId');
  const returns = idsOf(event.Records, 'return', 'returnId');
  const gens = liveGenerations(await readReportState());
  if (!gens.length || payments.length + returns.length === 0) return { batchItemFailures: [] };
  try {
    const [paid, credited] = await Promise.all([
      reconcile(PAYMENT_FIGURES, payments, gens),
      reconcile(RETURN_FIGURES, returns, gens),
    ]);
    countJobMetric(JOB_METRICS.salesCellWrites, paid.cellWrites + credited.cellWrites);
    logger.info('Receivable figures applied', {
      consumer: 'receivable-figures',
      records: event.Records.length,
      payments: paid.changed,
      returns: credited.changed,
    });
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('Receivable figures failed; the stream retries the batch', { consumer: 'receivable-figures', error });
    return { batchItemFailures: [{ itemIdentifier: event.Records[0]?.dynamodb?.SequenceNumber ?? '' }] };
  }
});
