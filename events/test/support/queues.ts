import { randomUUID } from 'node:crypto';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { inject } from 'vitest';

/**
 * Queues of a test file's own in the test stack's SQS emulator (fauxqs), named uniquely so files and tests never
 * see each other's messages. Its queue URLs are not resolvable hosts: the client sends to the endpoint.
 */
export function testQueues() {
  const stack = inject('stack');
  if (!stack) throw new Error('Queue tests need the local stack from the global setup');
  const sqs = new SQSClient({
    endpoint: stack.sqs.endpoint,
    region: stack.region,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    useQueueUrlAsEndpoint: false,
  });

  /** A new queue named `<label>-<unique>`: its name and URL. */
  async function create(label: string, attributes?: Record<string, string>) {
    const name = `${label}-${randomUUID().slice(0, 8)}`;
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    return { name, url: QueueUrl! };
  }

  const arnOf = async (url: string) =>
    (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }))).Attributes!
      .QueueArn!;

  /** What a queue holds: messages visible now, received and not yet visible again, and delayed. */
  async function counts(url: string) {
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ],
      }),
    );
    return {
      visible: Number(Attributes.ApproximateNumberOfMessages),
      inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible),
      delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed),
    };
  }

  /** Every message of the queue in it now, whatever its visibility. */
  const held = async (url: string) => {
    const c = await counts(url);
    return c.visible + c.inFlight + c.delayed;
  };

  const send = (url: string, body: unknown, attributes?: Record<string, string>) =>
    sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: typeof body === 'string' ? body : JSON.stringify(body),
        ...(attributes
          ? {
              MessageAttributes: Object.fromEntries(
                Object.entries(attributes).map(([k, v]) => [k, { DataType: 'String', StringValue: v }]),
              ),
            }
          : {}),
      }),
    );

  /**
   * Receives up to ten messages with their system and message attributes, waiting up to `waitSeconds` for the first
   * (long polling: it answers as soon as one is visible), leaving them invisible for the queue's visibility timeout
   * unless `visibilitySeconds` is given.
   */
  async function receive(url: string, options: { waitSeconds?: number; visibilitySeconds?: number } = {}) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: options.waitSeconds ?? 0,
        ...(options.visibilitySeconds !== undefined ? { VisibilityTimeout: options.visibilitySeconds } : {}),
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    return Messages;
  }

  /** Every message waiting in the queue now, received (and left in flight). */
  async function drain(url: string): Promise<Message[]> {
    const out: Message[] = [];
    for (let batch = await receive(url); batch.length > 0; batch = await receive(url)) out.push(...batch);
    return out;
  }

  /** Deletes a received message, as Lambda does with one its function handled. */
  const remove = (url: string, message: Message) =>
    sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: message.ReceiptHandle }));

  return { sqs, create, arnOf, counts, held, send, receive, drain, remove };
}
