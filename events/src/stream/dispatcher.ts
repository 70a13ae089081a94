import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { sendFailureRecord } from '@bo/functions/data/queues';
import { countStreamFailure } from '@bo/functions/data/stream-retries';
import { logger } from '@bo/functions/logger';
import { CONSUMER_DIMENSION, CONSUMER_METRICS, recordDimensioned, withInvocationMetrics } from '@bo/functions/metrics';
import { CONSUMERS, type ConsumerName } from '../consumers';
import { type ConsumerReport, dispatch, type FailureDecision, type StreamHandler } from './dispatch';
import { consumerFailureRecord } from './failure-record';

/** A consumer failing on one record this many times (each a retry of the stream) gives it up to its failure queue. */
export const MAX_ATTEMPTS = 5;

/** The dispatcher's event: a batch of the stream, or a replay's records with the consumers to run them through. */
export type DispatcherEvent = DynamoDBStreamEvent & { consumers?: ConsumerName[] };

const handlers = new Map<ConsumerName, Promise<StreamHandler>>();
/** A consumer's code is loaded the first time a record is for it (its module, its data paths). */
function handlerOf(name: ConsumerName): Promise<StreamHandler> {
  let handler = handlers.get(name);
  if (!handler) {
    handler = CONSUMERS[name].load().then((m) => m.handler as StreamHandler);
    handler.catch(() => handlers.delete(name));
    handlers.set(name, handler);
  }
  return handler;
}

const ageOf = (record: DynamoDBRecord | undefined, now: number) =>
  record?.dynamodb?.ApproximateCreationDateTime
    ? Math.max(0, now - record.dynamodb.ApproximateCreationDateTime * 1000)
    : 0;

function recordMetrics(reports: readonly ConsumerReport[]) {
  const now = Date.now();
  for (const r of reports) {
    if (r.handled === 0 && r.skipped === 0 && !r.failed) continue;
    recordDimensioned(CONSUMER_DIMENSION, r.name, [
      [CONSUMER_METRICS.records, 'Count', r.handled],
      [CONSUMER_METRICS.failures, 'Count', r.skipped + (r.failed ? 1 : 0)],
      [CONSUMER_METRICS.skipped, 'Count', r.skipped],
      ...(r.newest ? [[CONSUMER_METRICS.recordAge, 'Milliseconds', ageOf(r.newest, now)] as const] : []),
    ]);
  }
}

/**
 * The one reader of the table's stream (ARCHITECTURE.md, "Events and jobs"): each batch goes to the consumers
 * whose filters match (events/src/stream/dispatch.ts). A record a consumer fails on is counted against that
 * consumer and reported (ReportBatchItemFailures), so the stream retries from it; after MAX_ATTEMPTS the record
 * goes to the consumer's own failure queue, naming the consumer and the error, and the stream moves on. A replay
 * (`consumers` named) counts and sends nothing: its failures are answered, so the replay keeps its message.
 */
export const handler = withInvocationMetrics(
  async (event: DispatcherEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    const replay = event.consumers !== undefined;
    const onFailure = async (name: ConsumerName, record: DynamoDBRecord, error: string): Promise<FailureDecision> => {
      const at = { consumer: name, eventID: record.eventID, sequenceNumber: record.dynamodb?.SequenceNumber };
      if (replay) {
        logger.error('Replayed record failed again', { ...at, error });
        return 'retry';
      }
      const attempts = await countStreamFailure(name, record.eventID ?? at.sequenceNumber ?? '', error);
      if (attempts < MAX_ATTEMPTS) {
        logger.error('Consumer failed on a record; the stream retries from it', { ...at, attempts, error });
        return 'retry';
      }
      await sendFailureRecord(
        name,
        consumerFailureRecord({
          consumer: name,
          functionArn: context?.invokedFunctionArn ?? '',
          record,
          attempts,
          error,
        }),
      );
      logger.error('Consumer gave up on a record: sent to its failure queue', { ...at, attempts, error });
      return 'skip';
    };
    const result = await dispatch(event.Records ?? [], {
      ...(replay ? { consumers: event.consumers!.filter((name) => name in CONSUMERS) } : {}),
      handlerOf,
      onFailure,
    });
    recordMetrics(result.reports);
    const sequence = result.retryFrom?.dynamodb?.SequenceNumber;
    return { batchItemFailures: sequence ? [{ itemIdentifier: sequence }] : [] };
  },
);
