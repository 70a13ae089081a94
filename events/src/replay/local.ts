import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { CONSUMERS } from '../consumers';
import { JOBS } from '../jobs';
import type { FailureSource } from './queues';
import type { FailureMessage } from './records';
import { functionNameOf } from './records';
import type { FailureQueue, Invoke } from './replay';

/**
 * The local stack's failure queues: one JSON-lines file per source under `<stack folder>/failures/`, holding
 * the same records Lambda writes to SQS, so `npm run replay-failures -- --local` replays them the same way.
 */
const fileOf = (dir: string, source: FailureSource) => join(dir, 'failures', `${source}.jsonl`);

/** The ARN the local stack gives a consumer or job in its records (`<name>` is its key in CONSUMERS / JOBS). */
export const localFunctionArn = (name: string): string => `arn:aws:lambda:local:000000000000:function:${name}`;

/** What Lambda sends to a stream's on-failure destination: where the batch is, not its records. */
export const streamBatchFailureRecord = (batch: {
  consumer: string;
  streamArn: string;
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  batchSize: number;
  attempts: number;
}) => ({
  version: '1.0',
  timestamp: new Date().toISOString(),
  requestContext: {
    requestId: randomUUID(),
    functionArn: localFunctionArn(batch.consumer),
    condition: 'RetryAttemptsExhausted',
    approximateInvokeCount: batch.attempts,
  },
  responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
  DDBStreamBatchInfo: {
    shardId: batch.shardId,
    startSequenceNumber: batch.startSequenceNumber,
    endSequenceNumber: batch.endSequenceNumber,
    batchSize: batch.batchSize,
    streamArn: batch.streamArn,
  },
});

/** What Lambda sends to an asynchronous invocation's on-failure destination: the event and the error. */
export const invocationFailureRecord = (job: string, event: unknown, error: unknown) => ({
  version: '1.0',
  timestamp: new Date().toISOString(),
  requestContext: {
    requestId: randomUUID(),
    functionArn: localFunctionArn(job),
    condition: 'RetriesExhausted',
    approximateInvokeCount: 1,
  },
  requestPayload: event,
  responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
  responsePayload: { errorType: 'Error', errorMessage: error instanceof Error ? error.message : String(error) },
});

/** Adds a record to a local failure queue. */
export function appendFailure(
  dir: string,
  source: FailureSource,
  body: unknown,
  attributes: Record<string, string> = {},
) {
  mkdirSync(join(dir, 'failures'), { recursive: true });
  const message: FailureMessage = { id: randomUUID(), body: JSON.stringify(body), attributes };
  appendFileSync(fileOf(dir, source), `${JSON.stringify(message)}\n`);
}

const readAll = (file: string): FailureMessage[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FailureMessage)
    : [];

/** A local failure queue: messages in file order, each received once per run, removed by rewriting the file. */
export function fileFailureQueue(dir: string, source: FailureSource): FailureQueue {
  const file = fileOf(dir, source);
  const seen = new Set<string>();
  return {
    async receive(max) {
      const next = readAll(file)
        .filter((m) => !seen.has(m.id))
        .slice(0, max);
      for (const m of next) seen.add(m.id);
      return next;
    },
    async remove(message) {
      const rest = readAll(file).filter((m) => m.id !== message.id);
      writeFileSync(file, rest.map((m) => `${JSON.stringify(m)}\n`).join(''));
    },
  };
}

type Handler = (event: unknown, context?: unknown) => Promise<unknown>;

/** Runs a consumer's or job's handler in this process, as the local stack does. */
export const localInvoke: Invoke = async (functionArn, event) => {
  const name = functionNameOf(functionArn);
  const entry =
    name in CONSUMERS
      ? CONSUMERS[name as keyof typeof CONSUMERS]
      : name in JOBS
        ? JOBS[name as keyof typeof JOBS]
        : undefined;
  if (!entry) return { error: `no local consumer or job named ${name}` };
  const { handler } = (await entry.load()) as { handler: Handler };
  try {
    return { result: await handler(event, { functionName: name }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};
