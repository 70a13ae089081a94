/**
 * What a failure queue holds, and how each kind is told apart. Lambda and EventBridge write these records;
 * the local stack writes the same shapes (infra/local/src/stream-poller.ts, jobs.ts).
 */

/** A stream batch Lambda gave up on (retries or record age exhausted): where its records are, not the records. */
export interface StreamBatchFailure {
  readonly kind: 'stream-batch';
  readonly functionArn: string;
  readonly streamArn: string;
  readonly shardId: string;
  readonly startSequenceNumber: string;
  readonly endSequenceNumber: string;
  readonly batchSize: number;
  readonly condition: string;
  /** The consumer that failed on it (a record the dispatcher gave up on); absent: the dispatcher's whole batch. */
  readonly consumer?: string;
  readonly error?: string;
  /** The record itself, when the dispatcher carried it (then the stream need not hold it any more). */
  readonly record?: unknown;
}

/** An asynchronous invocation (a scheduled job run) that failed its retries: the event, and the error. */
export interface InvocationFailure {
  readonly kind: 'invocation';
  readonly functionArn: string;
  readonly payload: unknown;
  readonly condition: string;
  readonly error?: string;
}

/** An event EventBridge could not deliver to its target (the rule's dead-letter queue): the event itself. */
export interface UndeliveredEvent {
  readonly kind: 'undelivered-event';
  readonly functionArn: string;
  readonly payload: unknown;
  readonly error?: string;
}

export type FailureRecord = StreamBatchFailure | InvocationFailure | UndeliveredEvent;

/** One message of a failure queue: its body and message attributes (EventBridge puts the target there). */
export interface FailureMessage {
  readonly id: string;
  readonly body: string;
  readonly attributes: Readonly<Record<string, string>>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * The record a message holds, or why it is none of the known kinds (left in the queue for a person to read).
 * - Stream on-failure record: `requestContext.functionArn` and `DDBStreamBatchInfo` (shard, first and last
 *   sequence numbers, stream ARN); the dispatcher's adds `consumer`, `error` and often the `record` itself.
 * - Asynchronous invocation on-failure record: `requestContext.functionArn` and `requestPayload`, with the
 *   error in `responsePayload`.
 * - EventBridge dead letter: the event as the body, the target in the `TARGET_ARN` attribute.
 */
export function parseFailure(message: FailureMessage): FailureRecord | { kind: 'unknown'; reason: string } {
  let body: unknown;
  try {
    body = JSON.parse(message.body);
  } catch {
    return { kind: 'unknown', reason: 'the body is not JSON' };
  }
  if (!isObject(body)) return { kind: 'unknown', reason: 'the body is not a JSON object' };
  const context = isObject(body.requestContext) ? body.requestContext : undefined;
  const functionArn = text(context?.functionArn);
  const condition = text(context?.condition) ?? 'unknown';
  const batch = isObject(body.DDBStreamBatchInfo) ? body.DDBStreamBatchInfo : undefined;
  if (functionArn && batch) {
    const [streamArn, shardId, startSequenceNumber, endSequenceNumber] = [
      batch.streamArn,
      batch.shardId,
      batch.startSequenceNumber,
      batch.endSequenceNumber,
    ].map(text);
    // The dispatcher's records of a consumer's failure leave the shard to be found (a Lambda event does not name it).
    if (!streamArn || !startSequenceNumber || !endSequenceNumber || (!shardId && !text(body.consumer)))
      return { kind: 'unknown', reason: 'a stream failure without its shard and sequence numbers' };
    return {
      kind: 'stream-batch',
      functionArn,
      streamArn,
      shardId: shardId ?? '',
      startSequenceNumber,
      endSequenceNumber,
      batchSize: typeof batch.batchSize === 'number' ? batch.batchSize : 0,
      condition,
      ...(text(body.consumer) ? { consumer: text(body.consumer) } : {}),
      ...(text(body.error) ? { error: text(body.error) } : {}),
      ...(isObject(body.record) ? { record: body.record } : {}),
    };
  }
  if (functionArn && 'requestPayload' in body) {
    const response = isObject(body.responsePayload) ? body.responsePayload : undefined;
    const error = text(response?.errorMessage);
    return { kind: 'invocation', functionArn, payload: body.requestPayload, condition, ...(error ? { error } : {}) };
  }
  const target = text(message.attributes.TARGET_ARN);
  if (target) {
    const error = text(message.attributes.ERROR_MESSAGE) ?? text(message.attributes.ERROR_CODE);
    return { kind: 'undelivered-event', functionArn: target, payload: body, ...(error ? { error } : {}) };
  }
  return { kind: 'unknown', reason: 'neither a Lambda on-failure record nor an EventBridge dead letter' };
}

/** `arn:aws:lambda:<region>:<account>:function:<name>[:<qualifier>]` -> `<name>`. */
export const functionNameOf = (arn: string): string => arn.split(':function:')[1]?.split(':')[0] ?? arn;
