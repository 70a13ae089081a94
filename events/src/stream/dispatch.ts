import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { CONSUMER_NAMES, CONSUMERS, type ConsumerName, matchesConsumer } from '../consumers';

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

/** What becomes of a record a consumer failed on: the stream retries from it, or it goes to the consumer's failure queue. */
export type FailureDecision = 'retry' | 'skip';

export interface DispatchOptions {
  /** The consumers to run (default every one): a replay names the one that failed. */
  readonly consumers?: readonly ConsumerName[];
  readonly handlerOf: (name: ConsumerName) => Promise<StreamHandler>;
  /** Called once per record a consumer failed on (found exactly, by bisecting its batch). */
  readonly onFailure: (name: ConsumerName, record: DynamoDBRecord, error: string) => Promise<FailureDecision>;
}

export interface ConsumerReport {
  readonly name: ConsumerName;
  /** Records handled (not counting a failed or skipped one). */
  readonly handled: number;
  /** Records given up on (their failure records sent). */
  readonly skipped: number;
  /** The record to retry from, when the consumer stopped on one. */
  readonly failed?: DynamoDBRecord;
  /** The newest record it got past (handled or skipped), for its lag. */
  readonly newest?: DynamoDBRecord;
}

export interface DispatchResult {
  readonly reports: ConsumerReport[];
  /** The earliest record any consumer stopped on: the stream is retried from there (the ones before are done). */
  readonly retryFrom?: DynamoDBRecord;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a consumer on some records; answers the first one it failed on, or nothing. A consumer reports the first
 * record it failed on (ReportBatchItemFailures: the ones before it are done); one that throws failed on all.
 */
async function attempt(handler: StreamHandler, records: DynamoDBRecord[]) {
  try {
    const failures = (await handler({ Records: records }))?.batchItemFailures ?? [];
    if (failures.length === 0) return undefined;
    const indexes = failures.map((f) => records.findIndex((r) => r.dynamodb?.SequenceNumber === f.itemIdentifier));
    // An identifier that names no record of the batch (or is empty) fails it all, as Lambda reads it.
    const index = indexes.some((i) => i < 0) ? 0 : Math.min(...indexes);
    return { index, error: 'the consumer reported the record failed (its log says why)' };
  } catch (error) {
    return { index: 0, error: messageOf(error) };
  }
}

/**
 * The first record of `records` the consumer fails on by itself, found by bisecting what follows the first
 * failure (as Lambda's BisectBatchOnFunctionError would, within one invocation): consumers fail a whole batch for
 * one bad record, and the failure count must go to that record, never to the good ones before it. Consumers are
 * idempotent, so records run again add nothing. Nothing when every part succeeds on its own (a passing fault).
 */
async function firstFailure(
  handler: StreamHandler,
  records: DynamoDBRecord[],
): Promise<{ index: number; error: string } | undefined> {
  const failed = await attempt(handler, records);
  if (!failed) return undefined;
  const rest = records.slice(failed.index);
  if (rest.length === 1) return failed;
  const half = Math.ceil(rest.length / 2);
  const left = await firstFailure(handler, rest.slice(0, half));
  if (left) return { index: failed.index + left.index, error: left.error };
  const right = await firstFailure(handler, rest.slice(half));
  return right && { index: failed.index + half + right.index, error: right.error };
}

/** One consumer over its records of the batch, in its batch size, in order, until it stops on a failure. */
async function runConsumer(
  name: ConsumerName,
  records: DynamoDBRecord[],
  options: DispatchOptions,
): Promise<ConsumerReport> {
  const matching = records.filter((r) => matchesConsumer(CONSUMERS[name].filter, r as never));
  if (matching.length === 0) return { name, handled: 0, skipped: 0 };
  const handler = await options.handlerOf(name);
  const { batchSize } = CONSUMERS[name];
  let handled = 0;
  let skipped = 0;
  let at = 0;
  while (at < matching.length) {
    const chunk = matching.slice(at, at + batchSize);
    const failure = await firstFailure(handler, chunk);
    if (!failure) {
      handled += chunk.length;
      at += chunk.length;
      continue;
    }
    handled += failure.index;
    const record = chunk[failure.index]!;
    if ((await options.onFailure(name, record, failure.error)) === 'retry')
      return {
        name,
        handled,
        skipped,
        failed: record,
        ...(at + failure.index > 0 ? { newest: matching[at + failure.index - 1] } : {}),
      };
    skipped++;
    at += failure.index + 1;
  }
  return { name, handled, skipped, newest: matching.at(-1) };
}

/**
 * Hands a batch of the table's stream to every consumer whose filter matches, each in its own batch size and
 * in order, the consumers side by side. A consumer that fails on a record stops there; the batch is retried from
 * the earliest such record (the consumers are idempotent, so the others see some records again and add nothing).
 */
export async function dispatch(records: DynamoDBRecord[], options: DispatchOptions): Promise<DispatchResult> {
  const names = options.consumers ?? CONSUMER_NAMES;
  const reports = await Promise.all(names.map((name) => runConsumer(name, records, options)));
  const retryIndex = Math.min(...reports.map((r) => (r.failed ? records.indexOf(r.failed) : Infinity)));
  return { reports, ...(Number.isFinite(retryIndex) ? { retryFrom: records[retryIndex] } : {}) };
}
