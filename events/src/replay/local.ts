import { randomUUID } from 'node:crypto';
import { JOBS } from '../jobs';
import { functionNameOf } from './records';
import type { Invoke } from './replay';

/** The ARN the local stack gives the dispatcher or a scheduled job in its records (`<name>`: `dispatcher` or its key in JOBS). */
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

type Handler = (event: unknown, context?: unknown) => Promise<unknown>;

/** Runs the dispatcher's or a scheduled job's handler in this process, as the local stack does. */
export const localInvoke: Invoke = async (functionArn, event) => {
  const name = functionNameOf(functionArn);
  const load =
    name === 'dispatcher'
      ? () => import('../stream/dispatcher')
      : name in JOBS
        ? JOBS[name as keyof typeof JOBS].load
        : undefined;
  if (!load) return { error: `no local dispatcher or job named ${name}` };
  const { handler } = (await load()) as { handler: Handler };
  try {
    return { result: await handler(event, { functionName: name, invokedFunctionArn: functionArn }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};
