import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { CONSUMER_NAMES, type ConsumerName } from '../consumers';
import { type FailureSource, isConsumer } from './queues';
import { type FailureMessage, type FailureRecord, functionNameOf, parseFailure } from './records';
import { readBatch, RecordsTrimmed } from './stream-batch';

/** A failure queue: the next messages not yet seen in this run, and removing one that was replayed. */
export interface FailureQueue {
  receive(max: number): Promise<FailureMessage[]>;
  remove(message: FailureMessage): Promise<void>;
  /** Makes a message the run kept (or only planned) visible again at once, for the next run. */
  release?(message: FailureMessage): Promise<void>;
}

/** Runs a function with an event and answers what it returned, or the error it ended with. */
export type Invoke = (functionArn: string, event: unknown) => Promise<{ result?: unknown; error?: string }>;

export interface ReplayOptions {
  readonly source: FailureSource;
  readonly queue: FailureQueue;
  readonly invoke: Invoke;
  readonly streams: DynamoDBStreamsClient;
  /** Messages handled in one run at most (default 100). */
  readonly max?: number;
  /** Read and report, invoke nothing, remove nothing. */
  readonly dryRun?: boolean;
  readonly log?: (line: string) => void;
}

export interface ReplayOutcome {
  readonly id: string;
  readonly kind: FailureRecord['kind'] | 'unknown';
  readonly function?: string;
  /** replayed (and removed), empty (nothing left to run: removed), kept (still failing or unreadable), planned (dry run). */
  readonly status: 'replayed' | 'empty' | 'kept' | 'planned';
  readonly detail: string;
}

/**
 * Replays what waits in one failure queue, oldest first, one message at a time: a failed stream batch is read
 * again from the stream and handed to its consumer, a failed job run or undelivered event is sent to its
 * function again. A message is removed only once its replay succeeded; one that fails again stays (with the
 * reason reported) for the next run. Replaying twice is harmless: the consumers write history entries only if
 * absent, and the pricing job applies only what is still pending. A message that cannot be replayed (unreadable,
 * its records gone from the stream, an AWS call refused) is kept and reported; the others still run.
 */
export async function replayFailures(options: ReplayOptions): Promise<ReplayOutcome[]> {
  const max = options.max ?? 100;
  const log = options.log ?? (() => {});
  const outcomes: ReplayOutcome[] = [];
  const left: FailureMessage[] = [];
  while (outcomes.length < max) {
    const messages = await options.queue.receive(Math.min(10, max - outcomes.length));
    if (messages.length === 0) break;
    for (const message of messages) {
      const outcome = await replayOne(message, options).catch((error: unknown): ReplayOutcome => ({
        id: message.id,
        kind: parseFailure(message).kind,
        status: 'kept',
        detail: `could not replay: ${error instanceof Error ? error.message : String(error)}`,
      }));
      log(`${outcome.status.padEnd(8)} ${outcome.kind} ${outcome.function ?? ''} ${outcome.detail}`.trim());
      if (outcome.status === 'replayed' || outcome.status === 'empty') await options.queue.remove(message);
      else left.push(message);
      outcomes.push(outcome);
    }
  }
  // Hidden only while this run lasts: a dry run, or a run right after the cause is fixed, finds them all.
  for (const message of left)
    await options.queue
      .release?.(message)
      .catch((error: unknown) =>
        log(`could not release ${message.id} (it reappears after its visibility timeout): ${String(error)}`),
      );
  return outcomes;
}

async function replayOne(message: FailureMessage, options: ReplayOptions): Promise<ReplayOutcome> {
  const record = parseFailure(message);
  const base = { id: message.id, kind: record.kind };
  if (record.kind === 'unknown') return { ...base, status: 'kept', detail: record.reason };
  const fn = functionNameOf(record.functionArn);
  let event: unknown = record.kind === 'stream-batch' ? undefined : record.payload;
  if (record.kind === 'stream-batch') {
    // A consumer's queue holds the records the dispatcher gave up on for it; the dispatcher's, whole batches.
    const consumers: ConsumerName[] | undefined = isConsumer(options.source)
      ? [options.source]
      : options.source === 'dispatcher'
        ? [...CONSUMER_NAMES]
        : undefined;
    if (!consumers)
      return { ...base, function: fn, status: 'kept', detail: `a stream batch in the ${options.source} queue` };
    try {
      const records = record.record ? [record.record] : await readBatch(options.streams, record, consumers);
      if (records.length === 0)
        return { ...base, function: fn, status: 'empty', detail: 'no record of the batch passes the filter' };
      // Through the dispatcher, to those consumers only; it answers a failure instead of counting it.
      event = { Records: records, consumers };
    } catch (error) {
      if (error instanceof RecordsTrimmed) return { ...base, function: fn, status: 'kept', detail: error.message };
      throw error;
    }
  }
  const what =
    record.kind === 'stream-batch'
      ? `${(event as { Records: unknown[] }).Records.length} record(s)${record.consumer ? ` through ${record.consumer}` : ''}${record.error ? ` that failed with: ${record.error}` : ''}`
      : `the event${record.error ? ` that failed with: ${record.error}` : ''}`;
  if (options.dryRun) return { ...base, function: fn, status: 'planned', detail: `would run ${what}` };
  const { result, error } = await options.invoke(record.functionArn, event);
  if (error) return { ...base, function: fn, status: 'kept', detail: `failed again: ${error}` };
  const failures = (result as DynamoDBBatchResponse | undefined)?.batchItemFailures ?? [];
  if (record.kind === 'stream-batch' && failures.length > 0)
    return { ...base, function: fn, status: 'kept', detail: `failed again from record ${failures[0]!.itemIdentifier}` };
  return { ...base, function: fn, status: 'replayed', detail: `ran ${what}` };
}
