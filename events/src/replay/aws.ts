import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { FailureQueue, Invoke } from './replay';
import type { FailureMessage } from './records';

/**
 * A failure queue in SQS, found by its name. A received message stays invisible for `visibilitySeconds` (long
 * enough for its replay), so a run never receives the same message twice; one the run kept (it failed again, or a
 * dry run only planned it) is released at the end of the run, so the next run finds it at once.
 */
export async function sqsFailureQueue(
  sqs: SQSClient,
  queueName: string,
  visibilitySeconds = 900,
): Promise<FailureQueue> {
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: queueName }));
  const receipts = new Map<string, string>();
  return {
    async receive(max) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl,
          MaxNumberOfMessages: Math.min(10, max),
          VisibilityTimeout: visibilitySeconds,
          WaitTimeSeconds: 1,
          MessageAttributeNames: ['All'],
        }),
      );
      return Messages.map((m): FailureMessage => {
        receipts.set(m.MessageId!, m.ReceiptHandle!);
        const attributes = Object.fromEntries(
          Object.entries(m.MessageAttributes ?? {}).map(([name, value]) => [name, value.StringValue ?? '']),
        );
        return { id: m.MessageId!, body: m.Body ?? '', attributes };
      });
    },
    async remove(message) {
      await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: receipts.get(message.id) }));
    },
    async release(message) {
      await sqs.send(
        new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: receipts.get(message.id), VisibilityTimeout: 0 }),
      );
    },
  };
}

/** Invokes the deployed function and waits for its answer; a function error comes back as `error`. */
export const lambdaInvoke =
  (lambda: LambdaClient): Invoke =>
  async (functionArn, event) => {
    const response = await lambda.send(
      new InvokeCommand({
        FunctionName: functionArn,
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify(event ?? {})),
      }),
    );
    const text = response.Payload ? new TextDecoder().decode(response.Payload) : '';
    const result: unknown = text ? JSON.parse(text) : undefined;
    if (response.FunctionError) {
      const message = (result as { errorMessage?: string } | undefined)?.errorMessage ?? response.FunctionError;
      return { error: message };
    }
    return { result };
  };

/**
 * Moves what waits in a job's dead-letter queue back to the job's queue, oldest first, up to `max` messages: each
 * is sent again (its body and attributes; receive counts start over), then deleted from the dead-letter queue.
 * The same calls work on the local stack's emulator and in AWS.
 */
export async function redriveJobSteps(
  sqs: SQSClient,
  from: { deadLetters: string; queue: string },
  options: { max?: number; dryRun?: boolean } = {},
): Promise<number> {
  const [{ QueueUrl: dlq }, { QueueUrl: queue }] = await Promise.all([
    sqs.send(new GetQueueUrlCommand({ QueueName: from.deadLetters })),
    sqs.send(new GetQueueUrlCommand({ QueueName: from.queue })),
  ]);
  const max = options.max ?? 100;
  let moved = 0;
  while (moved < max) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: dlq,
        MaxNumberOfMessages: Math.min(10, max - moved),
        VisibilityTimeout: options.dryRun ? 1 : 60,
        MessageAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) break;
    for (const m of Messages) {
      moved++;
      if (options.dryRun) continue;
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queue,
          MessageBody: m.Body ?? '',
          ...(m.MessageAttributes ? { MessageAttributes: m.MessageAttributes } : {}),
        }),
      );
      await sqs.send(new DeleteMessageCommand({ QueueUrl: dlq, ReceiptHandle: m.ReceiptHandle }));
    }
    if (options.dryRun) break;
  }
  return moved;
}
