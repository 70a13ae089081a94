import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { returnNotDelivered } from '@bo/functions/data/deliveries/partial-returns';
import { logger } from '@bo/functions/logger';
import { withInvocationMetrics } from '@bo/functions/metrics';

/**
 * Partial deliveries (issue 26): each new PARTIAL delivery record (the filter lets through delivery record
 * inserts) takes what was not delivered back into stock through a return of its order. Idempotent per record,
 * so a retried batch makes no second return; a record that fails is reported, and the stream retries from it.
 */
export const handler = withInvocationMetrics(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.outcome?.S !== 'PARTIAL') continue;
    const orderId = image.orderId?.S;
    const recordId = image.recordId?.S;
    if (!orderId || !recordId) continue;
    try {
      const returnId = await returnNotDelivered(orderId, recordId);
      logger.info('Goods not delivered returned to stock', {
        consumer: 'delivery-returns',
        orderId,
        recordId,
        returnId,
      });
    } catch (error) {
      logger.error('Return of goods not delivered failed; the stream retries it', {
        consumer: 'delivery-returns',
        orderId,
        recordId,
        error,
      });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
});
