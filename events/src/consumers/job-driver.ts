import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '@bo/functions/logger';
import { withInvocationMetrics } from '@bo/functions/metrics';

/** Work stops this long before the Lambda's own timeout (one chunk's writes take far less). */
const MARGIN_MS = 60_000;
/** Without a Lambda context (the local stack's poller): one run's budget. */
const LOCAL_BUDGET_MS = 120_000;

/**
 * A job's driver: every write of a job's state (its item in the jobs partition, on the table's stream) wakes the
 * step that state asks for. Records of one batch are taken once per job, its newest state read from the table by
 * `run`. A failed step is reported (ReportBatchItemFailures): the stream retries from its record, and the job
 * resumes where its last written progress left it. Each kind of job has its own consumer (its own bundle, filtered
 * to its entity), so an import's Lambda carries no accounting code and the other way round.
 */
export const jobHandler = (name: string, idAttribute: string, run: (id: string, deadline: number) => Promise<void>) =>
  withInvocationMetrics(async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    const deadline =
      context?.getRemainingTimeInMillis !== undefined
        ? Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS
        : Date.now() + LOCAL_BUDGET_MS;
    const seen = new Set<string>();
    for (const record of event.Records) {
      const id = record.dynamodb?.NewImage?.[idAttribute]?.S;
      if (!id || seen.has(id)) continue;
      seen.add(id);
      try {
        await run(id, deadline);
      } catch (error) {
        logger.error('Job step failed; the stream retries it', { consumer: name, id, error });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  });
