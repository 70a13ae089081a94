import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { JOB_KINDS, type JobKind } from '@bo/shared';
import { QUEUED_JOBS } from '@bo/events/queued';
import { jobQueueName } from '@bo/events/replay/queues';
import { LOCAL_ACCOUNT } from './bundles/local-resources';
import { LOCAL_REGION } from './provision';
import { LOCAL_PREFIX, type LocalQueues } from './queues';

export type QueueHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

/** Steps run at once per job queue (Lambda scales an SQS source out; a few here keep one long step from blocking). */
const CONCURRENCY = 2;
/** With nothing sent and nothing due, a queue is still looked at this often (a missed wake-up costs at most this). */
const SAFETY_POLL_MS = 30_000;

/**
 * The jobs' SQS event sources, run locally as Lambda runs them: per job queue, messages are received (batch size
 * 1, the queue's visibility timeout, receive counts kept by the emulator) and handed to the job's handler as an
 * SQSEvent; the ones it does not report failed are deleted, the others stay invisible until their visibility
 * ends and are received again, and after the redrive policy's count the emulator moves them to the dead-letter
 * queue. Lambda long-polls; here a queue is read when the emulator says a message was sent to it, or when one it
 * holds becomes visible again, so an idle stack makes no calls at all.
 */
export function startQueuePollers(options: {
  queues: LocalQueues;
  log: (line: string) => void;
  /** A job's handler; default its TypeScript module, imported in process. */
  handlerFor?: (kind: JobKind) => QueueHandler;
}) {
  const pollers = JOB_KINDS.map((kind) => new QueuePoller(kind, options));
  let stopped = false;
  // One waiter on the emulator's record of sent messages, re-armed after each: it wakes the queue sent to.
  let after = Date.now();
  const seen = new Set<string>();
  const watch = () => {
    if (stopped) return;
    options.queues.server.spy
      .waitForMessage(
        (m) => m.service === 'sqs' && m.status === 'published' && m.timestamp >= after && !seen.has(m.messageId),
        'published',
      )
      .then((m) => {
        if (m.service !== 'sqs') return;
        seen.add(m.messageId);
        if (seen.size > 1000) seen.clear();
        after = m.timestamp;
        pollers.find((p) => p.queueName === m.queueName)?.wake();
      })
      .catch(() => undefined)
      .finally(watch);
  };
  watch();
  for (const poller of pollers) poller.wake();
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(pollers.map((p) => p.stop()));
    },
    /** Resolves once every queue is empty of visible messages and no step runs. */
    idle: () => Promise.all(pollers.map((p) => p.caughtUp())).then(() => undefined),
  };
}

class QueuePoller {
  readonly queueName: string;
  private readonly url: string;
  private handler?: Promise<QueueHandler>;
  private running = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private pending = false;
  private waiting: Array<() => void> = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly kind: JobKind,
    private readonly options: Parameters<typeof startQueuePollers>[0],
  ) {
    this.queueName = jobQueueName(LOCAL_PREFIX, kind);
    this.url = options.queues.urls[this.queueName]!;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running >= CONCURRENCY) {
      this.pending = true;
      return;
    }
    this.running++;
    const work = this.drain().finally(() => {
      this.running--;
      this.inFlight.delete(work);
      if (this.pending) {
        this.pending = false;
        this.wake();
      } else if (this.running === 0) this.settle();
    });
    this.inFlight.add(work);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all(this.inFlight);
  }

  caughtUp(): Promise<void> {
    if (this.running === 0 && !this.pending) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Receives and runs steps until the queue has none visible. */
  private async drain(): Promise<void> {
    while (!this.stopped) {
      let messages: Message[];
      try {
        ({ Messages: messages = [] } = await this.options.queues.client.send(
          new ReceiveMessageCommand({ QueueUrl: this.url, MaxNumberOfMessages: 1, AttributeNames: ['All'] }),
        ));
      } catch (error) {
        this.options.log(`queue ${this.kind}: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      if (messages.length === 0) return;
      await this.run(messages);
    }
  }

  private async run(messages: Message[]): Promise<void> {
    const handler = await (this.handler ??= this.options.handlerFor
      ? Promise.resolve(this.options.handlerFor(this.kind))
      : QUEUED_JOBS[this.kind].load().then((m) => m.handler as QueueHandler));
    const started = Date.now();
    const timeoutMs = QUEUED_JOBS[this.kind].timeoutSeconds * 1000;
    const context = {
      functionName: this.kind,
      invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${this.kind}`,
      awsRequestId: crypto.randomUUID(),
      getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    } as Context;
    let failed: Set<string>;
    try {
      const result = await handler({ Records: messages.map((m) => this.toRecord(m)) }, context);
      failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      this.options.log(`job ${this.kind}: the step failed: ${error instanceof Error ? error.message : String(error)}`);
      failed = new Set(messages.map((m) => m.MessageId!));
    }
    for (const m of messages)
      if (!failed.has(m.MessageId!))
        await this.options.queues.client.send(
          new DeleteMessageCommand({ QueueUrl: this.url, ReceiptHandle: m.ReceiptHandle }),
        );
  }

  private toRecord(m: Message): SQSRecord {
    return {
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: m.Attributes as SQSRecord['attributes'],
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${this.queueName}`,
      awsRegion: LOCAL_REGION,
    };
  }

  /** Nothing visible: wait for a send, or for the first message that becomes visible again (a retry, a delay). */
  private settle(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
    clearTimeout(this.timer);
    if (this.stopped) return;
    const held = this.options.queues.server.inspectQueue(this.queueName)?.messages;
    const now = Date.now();
    const due = [
      ...(held?.inflight ?? []).map((m) => m.visibilityDeadline),
      ...(held?.delayed ?? []).map((m) => m.delayUntil ?? now + SAFETY_POLL_MS),
    ];
    const next = Math.min(now + SAFETY_POLL_MS, ...due.map((d) => d + 50));
    this.timer = setTimeout(() => this.wake(), Math.max(0, next - now));
    this.timer.unref();
  }
}
