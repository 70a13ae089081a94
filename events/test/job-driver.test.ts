import { ChangeMessageVisibilityCommand, type Message } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueJob, jobQueueUrlVariable } from '@bo/functions/data/queues';
import { useFreshTable } from '../../functions/test/support/env';
import { MAX_RECEIVES, visibilitySecondsOf } from '../src/queued';
import { jobHandler, retryDelaySeconds, type StepOutcome } from '../src/queued/job-driver';
import { testQueues } from './support/queues';

/**
 * The long jobs' SQS handler against the stack's SQS emulator: the test receives the steps as Lambda's event source
 * does (queues with the CDK's visibility timeout and redrive policy, made for each test) and hands them to the
 * handler; what the handler sends, and what becomes of a failed step's message, is read back from the queues.
 */

const KIND = 'imports';
let queues: ReturnType<typeof testQueues>;

beforeAll(async () => {
  await useFreshTable();
  queues = testQueues();
});

/** The job's queue as the CDK makes it (and its dead-letter queue), set as the job's queue for this test. */
async function jobQueue() {
  const deadLetters = await queues.create(`job-driver-${KIND}-dlq`);
  const queue = await queues.create(`job-driver-${KIND}`, {
    VisibilityTimeout: String(visibilitySecondsOf(KIND)),
    RedrivePolicy: JSON.stringify({
      deadLetterTargetArn: await queues.arnOf(deadLetters.url),
      maxReceiveCount: MAX_RECEIVES,
    }),
  });
  process.env[jobQueueUrlVariable(KIND)] = queue.url;
  return { queue: queue.url, deadLetters: deadLetters.url };
}

/** Received messages as Lambda's SQS event source hands them to the function. */
const eventOf = (messages: Message[]): SQSEvent => ({
  Records: messages.map((m) => ({
    messageId: m.MessageId!,
    receiptHandle: m.ReceiptHandle!,
    body: m.Body!,
    attributes: {
      ApproximateReceiveCount: m.Attributes!.ApproximateReceiveCount!,
      SentTimestamp: m.Attributes!.SentTimestamp!,
      SenderId: m.Attributes!.SenderId!,
      ApproximateFirstReceiveTimestamp: m.Attributes!.ApproximateFirstReceiveTimestamp!,
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody!,
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${KIND}`,
    awsRegion: 'local',
  })),
});

const bodies = (messages: Message[]) => messages.map((m) => JSON.parse(m.Body!) as unknown);

describe('a job step from its queue', () => {
  it('sends the next step when a step leaves more to do, and nothing when the job is done', async () => {
    const { queue } = await jobQueue();
    await enqueueJob(KIND, 'import-more');
    await enqueueJob(KIND, 'import-done');
    const received = await queues.receive(queue);
    expect(bodies(received)).toEqual([{ id: 'import-more' }, { id: 'import-done' }]);
    const run = vi.fn(async (id: string, _deadline: number): Promise<StepOutcome> =>
      id === 'import-more' ? 'continue' : 'done',
    );
    const before = Date.now();

    const result = await jobHandler(KIND, run)(eventOf(received), {
      getRemainingTimeInMillis: () => 600_000,
    } as Context);

    expect(result.batchItemFailures).toEqual([]);
    expect(run.mock.calls.map(([id]) => id)).toEqual(['import-more', 'import-done']);
    // Each step works until a minute before its function's timeout.
    for (const [, deadline] of run.mock.calls) {
      expect(deadline).toBeGreaterThanOrEqual(before + 540_000);
      expect(deadline).toBeLessThanOrEqual(Date.now() + 540_000);
    }
    // Lambda deletes the steps the function handled; what is left is the one next step.
    for (const m of received) await queues.remove(queue, m);
    const next = await queues.receive(queue);
    expect(bodies(next)).toEqual([{ id: 'import-more' }]);
    expect(received.map((m) => m.MessageId)).not.toContain(next[0]!.MessageId);
    await queues.remove(queue, next[0]!);
    expect(await queues.counts(queue)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('reports a step that throws, and its message comes back after the back-off, long before the visibility timeout', async () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 160, 300]);
    const { queue } = await jobQueue();
    await enqueueJob(KIND, 'import-broken');
    await enqueueJob(KIND, 'import-fine');
    const received = await queues.receive(queue);
    const broken = received.find((m) => m.Body === JSON.stringify({ id: 'import-broken' }))!;
    expect(broken.Attributes!.ApproximateReceiveCount).toBe('1');
    const started = Date.now();

    const result = await jobHandler(KIND, async (id) => {
      if (id === 'import-broken') throw new Error('The file is not readable yet');
      return 'done';
    })(eventOf(received));

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: broken.MessageId }]);
    await queues.remove(
      queue,
      received.find((m) => m !== broken)!,
    );
    // Hidden for now (the back-off of a first failure is 10 s)...
    expect(await queues.receive(queue)).toEqual([]);
    // ...then visible again once the back-off is over: not after the queue's visibility timeout of 11 minutes.
    const again = await queues.receive(queue, { waitSeconds: 20 });
    const waited = Date.now() - started;
    expect(visibilitySecondsOf(KIND)).toBeGreaterThan(600);
    expect(again.map((m) => [m.MessageId, m.Attributes!.ApproximateReceiveCount])).toEqual([[broken.MessageId, '2']]);
    expect(waited).toBeGreaterThanOrEqual(retryDelaySeconds(1) * 1000 - 500);
    expect(waited).toBeLessThan(retryDelaySeconds(1) * 1000 + 10_000);
    await queues.remove(queue, again[0]!);
  }, 60_000);

  it('drops a message that is no step: it is not tried again, and nothing runs', async () => {
    const { queue } = await jobQueue();
    for (const body of ['not json', '{"id":""}', '{"importId":"i-1"}', '[]']) await queues.send(queue, body);
    const received = await queues.receive(queue);
    expect(received).toHaveLength(4);
    const run = vi.fn(async (): Promise<StepOutcome> => 'continue');

    const result = await jobHandler(KIND, run)(eventOf(received));

    expect(result.batchItemFailures).toEqual([]);
    expect(run).not.toHaveBeenCalled();
    // Not made visible again early, and no step sent: the four are still in flight, nothing else waits.
    expect(await queues.counts(queue)).toEqual({ visible: 0, inFlight: 4, delayed: 0 });
  });

  it(`moves a step that always fails to the dead-letter queue after ${MAX_RECEIVES} receives`, async () => {
    const { queue, deadLetters } = await jobQueue();
    await enqueueJob(KIND, 'import-doomed');
    const handler = jobHandler(KIND, async () => {
      throw new Error('Always broken');
    });
    const receives: string[] = [];
    for (let poll = 0; poll <= MAX_RECEIVES + 1; poll++) {
      const messages = await queues.receive(queue);
      if (messages.length === 0) break;
      receives.push(messages[0]!.Attributes!.ApproximateReceiveCount!);
      const result = await handler(eventOf(messages));
      expect(result.batchItemFailures).toEqual([{ itemIdentifier: messages[0]!.MessageId }]);
      // The back-off (shown above) is let pass at once, as the event source would see it after waiting.
      await queues.sqs.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queue,
          ReceiptHandle: messages[0]!.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      );
    }
    expect(receives).toEqual(Array.from({ length: MAX_RECEIVES }, (_, i) => String(i + 1)));
    expect(await queues.counts(queue)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
    expect(bodies(await queues.drain(deadLetters))).toEqual([{ id: 'import-doomed' }]);
  });
});
