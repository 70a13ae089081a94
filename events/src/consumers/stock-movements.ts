import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { markMovementsRecorded, movementEntriesOf, writeMovementEntries } from '@bo/functions/data/stock-movements';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS, withInvocationMetrics } from '@bo/functions/metrics';

/**
 * Product stock history from the table's stream (filtered to the stock ledger's buckets): each order write
 * that moved a product's stock or pending outbound becomes a change-log entry of that product, with the
 * previous and new values read from the bucket before and after the write. Entries are written only if
 * absent under keys derived from the move, so a retried batch adds nothing; an entry that moved stock is written
 * in one transaction with its month's movement (the inventory reports' figures), so that counts once too. The
 * batch's earliest month is recorded as the first one kept, unless one is already. A failed record is reported
 * (ReportBatchItemFailures): the stream retries from it, and after its retries the batch goes to the
 * on-failure destination.
 */
export const handler = withInvocationMetrics(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const counts = { records: event.Records.length, written: 0, existing: 0 };
  const entriesOf = event.Records.map((record) => {
    try {
      return movementEntriesOf(record);
    } catch {
      return undefined; // reported below, when its turn comes
    }
  });
  let marked = false;
  for (const [i, record] of event.Records.entries()) {
    try {
      if (!marked) {
        await markMovementsRecorded(entriesOf.flatMap((entries) => entries ?? []));
        marked = true;
      }
      const { written, existing } = await writeMovementEntries(entriesOf[i] ?? movementEntriesOf(record));
      counts.written += written;
      counts.existing += existing;
    } catch (error) {
      countJobMetric(JOB_METRICS.stockMovementEntries, counts.written);
      logger.error('Stock movements failed; the stream retries from this record', {
        consumer: 'stock-movements',
        eventID: record.eventID,
        ...counts,
        error,
      });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  logger.info('Stock movements recorded', { consumer: 'stock-movements', ...counts });
  countJobMetric(JOB_METRICS.stockMovementEntries, counts.written);
  return { batchItemFailures: [] };
});
