import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '@bo/functions/logger';
import { withInvocationMetrics } from '@bo/functions/metrics';
import { runImport } from '../imports/run';
import { runAccountingExport } from '../accounting/run';

/** Work stops this long before the Lambda's own timeout (one chunk's writes take far less). */
const MARGIN_MS = 60_000;
/** Without a Lambda context (the local stack's poller): one run's budget. */
const LOCAL_BUDGET_MS = 120_000;

/** The runner of each kind of job, by its item's entity name. */
const RUNNERS: Record<string, (id: string, deadline: number) => Promise<void>> = {
  import: runImport,
  accountingExport: (id) => runAccountingExport(id),
};

/**
 * The jobs' driver: every write of a job's state (the jobs partition on the table's stream) wakes the step that
 * state asks for. Records of one batch are taken once per job, its newest state read from the table. A failed
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
      const image = record.dynamodb?.NewImage;
      const run = RUNNERS[image?.__edb_e__?.S ?? ''];
      const id = image?.importId?.S ?? image?.exportId?.S;
      if (!run || !id || seen.has(id)) continue;
      seen.add(id);
      try {
        await run(id, deadline);
      } catch (error) {
        logger.error('Job step failed; the stream retries it', { consumer: 'jobs', id, error });
        return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
      }
    }
    return { batchItemFailures: [] };
  },
);
