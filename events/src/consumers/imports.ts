import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '@bo/functions/logger';
import { withInvocationMetrics } from '@bo/functions/metrics';
import { runImport } from '../imports/run';

/** Work stops this long before the Lambda's own timeout (one chunk's writes take far less). */
const MARGIN_MS = 60_000;
/** Without a Lambda context (the local stack's poller): one run's budget. */
const LOCAL_BUDGET_MS = 120_000;

/**
 * The import job's driver: every write of an import's state (its partition on the table's stream) wakes the step
 * that state asks for. Records of one batch are taken once per import, newest state read from the table. A failed
 * step is reported (ReportBatchItemFailures): the stream retries from its record, and the job resumes where its
 * last written progress left it.
 */
export const handler = withInvocationMetrics(
  async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    const deadline =
      context?.getRemainingTimeInMillis !== undefined
        ? Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS
        : Date.now() + LOCAL_BUDGET_MS;
    const seen = new Set<string>();
    for (const record of event.Records) {
      const importId = record.dynamodb?.NewImage?.importId?.S;
      if (!importId || seen.has(importId)) continue;
      seen.add(importId);
      try {
        await runImport(importId, deadline);
      } catch (error) {
        logger.error('Import step failed; the stream retries it', { consumer: 'imports', importId, error });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  },
);
