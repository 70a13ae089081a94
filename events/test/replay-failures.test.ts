import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Actor,
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  dynamoClient,
  get,
  listChangeLog,
  put,
  setClients,
} from '@bo/functions/data';
import { JOB_QUEUE } from '@bo/functions/data/job-queue';
import { FIGURES_KIND, reportStateEntity, salesContributionEntity } from '@bo/functions/data/reports';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { newOrderBody, type Product } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import { CONSUMER_NAMES } from '../src/consumers';
import {
  type FailureSource,
  type Invoke,
  invocationFailureRecord,
  lambdaInvoke,
  localFunctionArn,
  localInvoke,
  parseFailure,
  redriveJobSteps,
  replayFailures,
  sqsFailureQueue,
  streamBatchFailureRecord,
} from '../src/replay';
import { consumerFailureRecord } from '../src/stream/failure-record';
import { testQueues } from './support/queues';
import { followStream } from './support/stream';

/**
 * Replaying the failure queues against the local stack's pieces: DynamoDB Local's stream, the SQS emulator (queues
 * of this file's own), and the dispatcher and the scheduled jobs run in process (localInvoke) as the local stack's
 * `npm run replay-failures -- --local` does.
 */

const sales: Actor = { userId: 'sales-1', roles: ['SALES'], isAdmin: false, name: 'Sam Sales' };
const inventory: Actor = { userId: 'inv-1', roles: ['INVENTORY'], isAdmin: false, name: 'Ivy Inventory' };

let stream: Awaited<ReturnType<typeof followStream>>;
let streams: DynamoDBStreamsClient;
let queues: ReturnType<typeof testQueues>;
let product: Product;
let customerId: string;

beforeAll(async () => {
  stream = await followStream(await useFreshTable());
  streams = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  queues = testQueues();
  const typeId = (await createProductType({ name: 'Flower' }, inventory)).id;
  const brand = await createBrand({ name: 'Replay Farms', skucode: 'RPL' }, inventory);
  product = await createProduct(
    {
      name: 'Replay Kush',
      brandID: brand.id,
      typeID: typeId,
      status: 'ACTIVE',
      basePrice: 20,
      cost: 8,
      discountEligible: true,
      hasBatch: false,
      hideFromCatalog: false,
      stock: 30,
    },
    inventory,
  );
  customerId = (
    await createCustomer(
      {
        customerName: 'Replay Buyer',
        commpref: 'EMAIL',
        type: 'WHOLESALE',
        orderType: 'PICKUP',
        priceAdjustment: 0,
        autoRefreshPricing: false,
      },
      sales,
    )
  ).id;
  await createLocation({ name: 'Main Warehouse', color: '#0972d3' }, inventory);
  // A live generation of report figures (as a rebuild of the empty table leaves it): sales-figures applies orders to it.
  await put(reportStateEntity, {
    queue: JOB_QUEUE,
    name: 'reports',
    active: 1,
    excluded: [],
    kinds: FIGURES_KIND,
    version: 1,
  });
});

afterAll(() => {
  streams.destroy();
});

/** What the replays handed to the functions they invoked. */
let invoked: Array<{ functionArn: string; event: { Records?: DynamoDBRecord[]; consumers?: string[] } }>;
const recordingInvoke: Invoke = (functionArn, event) => {
  invoked.push({ functionArn, event: event as (typeof invoked)[number]['event'] });
  return localInvoke(functionArn, event);
};
beforeEach(() => {
  invoked = [];
});

/** A failure queue of this test's own, filled with these bodies. */
async function failureQueue(source: FailureSource, ...bodies: unknown[]) {
  const queue = await queues.create(`replay-${source}`);
  for (const body of bodies) await queues.send(queue.url, body);
  return queue;
}
const replay = async (source: FailureSource, queue: { name: string }, options: { dryRun?: boolean } = {}) =>
  replayFailures({
    source,
    queue: await sqsFailureQueue(queues.sqs, queue.name),
    invoke: recordingInvoke,
    streams,
    ...options,
  });

const history = async () =>
  (await listChangeLog('product', product.id, { limit: 100 })).entries.filter((e) =>
    e.changes.some((c) => c.field === 'pendingOutboundQuantity'),
  );

/** The shard holding a sequence number, as the event source mapping's record names it. */
async function shardOf(sequenceNumber: string): Promise<string> {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: stream.streamArn }));
  const shard = (StreamDescription?.Shards ?? []).find(
    (s) =>
      BigInt(s.SequenceNumberRange!.StartingSequenceNumber!) <= BigInt(sequenceNumber) &&
      (!s.SequenceNumberRange!.EndingSequenceNumber ||
        BigInt(s.SequenceNumberRange!.EndingSequenceNumber) >= BigInt(sequenceNumber)),
  );
  return shard!.ShardId!;
}

/** A submitted order and its stream records (as Lambda delivers them). */
async function orderWithRecords() {
  await stream.next();
  const order = await createOrder(
    newOrderBody.parse({
      customerID: customerId,
      pickupOrder: true,
      products: [{ productSku: product.sku, productBatchId: null, quantity: 2, unitPrice: 20 }],
    }),
    sales,
  );
  const records: DynamoDBRecord[] = await stream.next();
  return { order, records };
}

/** The record the dispatcher sends to stock-movements' failure queue once that consumer gave up on an order's ledger write. */
async function gaveUpOn() {
  const { order, records } = await orderWithRecords();
  const ledger = records.filter((r) => r.dynamodb?.Keys?.pk?.S === LEDGER_PK);
  expect(ledger).toHaveLength(1);
  const failure = consumerFailureRecord({
    consumer: 'stock-movements',
    functionArn: localFunctionArn('dispatcher'),
    record: ledger[0]!,
    attempts: 5,
    error: 'Throughput exceeded',
  });
  expect(failure.record).toBe(ledger[0]);
  return { order, record: ledger[0]!, failure };
}

describe('replaying a record a consumer gave up on (DynamoDB Local’s stream, the SQS emulator, the dispatcher in process)', () => {
  it('runs it through the dispatcher to that consumer only and removes the message; a dry run first changes nothing', async () => {
    const { order, record, failure } = await gaveUpOn();
    const queue = await failureQueue('stock-movements', failure);
    const before = await history();

    const dry = await replay('stock-movements', queue, { dryRun: true });
    expect(dry.map((o) => [o.status, o.detail])).toEqual([
      ['planned', 'would run 1 record(s) through stock-movements that failed with: Throughput exceeded'],
    ]);
    expect(invoked).toEqual([]);
    expect(await history()).toEqual(before);
    // Still there, and visible to the next run at once.
    expect(await queues.counts(queue.url)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });

    const outcomes = await replay('stock-movements', queue);
    expect(outcomes).toMatchObject([{ kind: 'stream-batch', function: 'dispatcher', status: 'replayed' }]);
    expect(outcomes[0]!.detail).toBe('ran 1 record(s) through stock-movements that failed with: Throughput exceeded');
    expect(invoked).toEqual([
      { functionArn: localFunctionArn('dispatcher'), event: { Records: [record], consumers: ['stock-movements'] } },
    ]);
    const after = await history();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.notes).toBe(`Order #${order.orderNum} RECEIVED`);
    expect(await queues.held(queue.url)).toBe(0);
  });

  it('reads the record again from the stream when it was too big to carry, finding its shard by its sequence number', async () => {
    const { order, record, failure } = await gaveUpOn();
    const { record: _carried, ...uncarried } = failure;
    expect(uncarried.DDBStreamBatchInfo.shardId).toBe('');
    const queue = await failureQueue('stock-movements', uncarried);
    const before = await history();

    const outcomes = await replay('stock-movements', queue);

    expect(outcomes.map((o) => o.status)).toEqual(['replayed']);
    const replayed = invoked[0]!.event;
    expect(replayed.consumers).toEqual(['stock-movements']);
    expect(replayed.Records!.map((r) => [r.eventID, r.dynamodb?.SequenceNumber])).toEqual([
      [record.eventID, record.dynamodb!.SequenceNumber],
    ]);
    expect(replayed.Records![0]!.dynamodb!.NewImage).toEqual(record.dynamodb!.NewImage);
    const after = await history();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.notes).toBe(`Order #${order.orderNum} RECEIVED`);
    expect(await queues.held(queue.url)).toBe(0);
  });

  it('is idempotent: the same record replayed again writes nothing new', async () => {
    const { order, failure } = await gaveUpOn();
    const queue = await failureQueue('stock-movements', failure, failure);
    const before = await history();

    const outcomes = await replay('stock-movements', queue);

    expect(outcomes.map((o) => o.status)).toEqual(['replayed', 'replayed']);
    expect(invoked).toHaveLength(2);
    const entries = await history();
    expect(entries).toHaveLength(before.length + 1);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries.filter((e) => e.notes === `Order #${order.orderNum} RECEIVED`)).toHaveLength(1);
    expect(await queues.held(queue.url)).toBe(0);
  });

  it('keeps a record that fails again, with the reason, and replays it once the cause is gone', async () => {
    const { record, failure } = await gaveUpOn();
    const queue = await failureQueue('stock-movements', failure);
    const before = await history();
    const original = dynamoClient();
    const faulty = mockClient(DynamoDBDocumentClient.from(new DynamoDBClient({})));
    faulty.on(PutCommand).rejects(Object.assign(new Error('Throughput exceeded'), { name: 'ThrottlingException' }));
    setClients({ dynamo: faulty as unknown as DynamoDBDocumentClient });
    let kept;
    try {
      kept = await replay('stock-movements', queue);
    } finally {
      setClients({ dynamo: original });
    }
    expect(kept).toMatchObject([{ status: 'kept' }]);
    expect(kept[0]!.detail).toBe(`failed again from record ${record.dynamodb!.SequenceNumber}`);
    expect(faulty.commandCalls(PutCommand)).not.toHaveLength(0);
    expect(await queues.counts(queue.url)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect(await history()).toEqual(before);

    const retried = await replay('stock-movements', queue);
    expect(retried.map((o) => o.status)).toEqual(['replayed']);
    expect(await history()).toHaveLength(before.length + 1);
    expect(await queues.held(queue.url)).toBe(0);
  });

  it('keeps what it cannot read, and a record whose batch left the stream', async () => {
    const gone = streamBatchFailureRecord({
      consumer: 'dispatcher',
      streamArn: stream.streamArn,
      shardId: 'shardId-00000001700000000000-gone0000',
      startSequenceNumber: '000000000000000000100',
      endSequenceNumber: '000000000000000000200',
      batchSize: 1,
      attempts: 6,
    });
    const queue = await failureQueue('stock-movements', { hello: 'world' }, 'not json', gone);

    const outcomes = await replay('stock-movements', queue);

    expect(outcomes.map((o) => [o.kind, o.status, o.detail.replace(/ \(.*/, '')])).toEqual([
      ['unknown', 'kept', 'neither a Lambda on-failure record nor an EventBridge dead letter'],
      ['unknown', 'kept', 'the body is not JSON'],
      [
        'stream-batch',
        'kept',
        `The records of shard ${gone.DDBStreamBatchInfo.shardId} from 000000000000000000100 are no longer in the stream`,
      ],
    ]);
    expect(outcomes[2]!.detail).toMatch(/are no longer in the stream \(ResourceNotFoundException\)$/);
    expect(invoked).toEqual([]);
    expect(await queues.counts(queue.url)).toEqual({ visible: 3, inFlight: 0, delayed: 0 });
  });
});

describe('replaying a batch the dispatcher failed', () => {
  it('reads Lambda’s record (with its shard) from the stream and runs the batch through every consumer', async () => {
    const { order, records } = await orderWithRecords();
    const first = records[0]!.dynamodb!.SequenceNumber!;
    const last = records.at(-1)!.dynamodb!.SequenceNumber!;
    // The whole write, ledger, order and other items: the replay keeps what some consumer's filter lets through.
    expect(records.some((r) => r.dynamodb?.Keys?.pk?.S === LEDGER_PK)).toBe(true);
    const failure = streamBatchFailureRecord({
      consumer: 'dispatcher',
      streamArn: stream.streamArn,
      shardId: await shardOf(first),
      startSequenceNumber: first,
      endSequenceNumber: last,
      batchSize: records.length,
      attempts: 6,
    });
    const queue = await failureQueue('dispatcher', failure);
    const before = await history();
    expect(await get(salesContributionEntity, { gen: 1, orderId: order.id })).toBeUndefined();

    const outcomes = await replay('dispatcher', queue);

    expect(outcomes).toMatchObject([{ kind: 'stream-batch', function: 'dispatcher', status: 'replayed' }]);
    const replayed = invoked[0]!.event;
    expect(replayed.consumers).toEqual(CONSUMER_NAMES);
    const taken = replayed.Records!.map((r) => r.eventID);
    expect(taken.length).toBeLessThan(records.length);
    expect(taken).toEqual(
      expect.arrayContaining(
        records
          .filter((r) => r.dynamodb?.Keys?.pk?.S === LEDGER_PK || r.dynamodb?.NewImage?.__edb_e__?.S === 'order')
          .map((r) => r.eventID),
      ),
    );
    // stock-movements recorded the reservation, sales-figures applied the order.
    expect(await history()).toHaveLength(before.length + 1);
    expect(await get(salesContributionEntity, { gen: 1, orderId: order.id }, { consistent: true })).toMatchObject({
      orderId: order.id,
      orderVersion: expect.any(Number),
    });
    expect(await queues.held(queue.url)).toBe(0);
  });
});

describe('replaying a failed job run', () => {
  it('runs the job again with the event it failed with', async () => {
    const event = { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} };
    const queue = await failureQueue(
      'jobs',
      invocationFailureRecord('refresh-pricing', event, new Error('Pricing refresh failed')),
    );
    const outcomes = await replay('jobs', queue);
    expect(outcomes).toMatchObject([{ kind: 'invocation', function: 'refresh-pricing', status: 'replayed' }]);
    expect(outcomes[0]!.detail).toBe('ran the event that failed with: Pricing refresh failed');
    expect(invoked).toEqual([{ functionArn: localFunctionArn('refresh-pricing'), event }]);
    expect(await queues.held(queue.url)).toBe(0);
  });
});

describe('moving job steps back from a dead-letter queue', () => {
  it('sends each step back to the job’s queue, oldest first, up to the number asked, and deletes it', async () => {
    const deadLetters = await queues.create('replay-imports-dlq');
    const queue = await queues.create('replay-imports');
    await queues.send(deadLetters.url, { id: 'import-1' }, { origin: 'first try' });
    await queues.send(deadLetters.url, { id: 'import-2' });
    await queues.send(deadLetters.url, { id: 'import-3' });
    const from = { deadLetters: deadLetters.name, queue: queue.name };

    expect(await redriveJobSteps(queues.sqs, from, { max: 2 })).toBe(2);
    expect(await queues.counts(deadLetters.url)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
    expect(await redriveJobSteps(queues.sqs, from)).toBe(1);
    expect(await queues.held(deadLetters.url)).toBe(0);

    const moved = await queues.drain(queue.url);
    expect(moved.map((m) => JSON.parse(m.Body!))).toEqual([{ id: 'import-1' }, { id: 'import-2' }, { id: 'import-3' }]);
    expect(moved[0]!.MessageAttributes).toEqual({ origin: { DataType: 'String', StringValue: 'first try' } });
    // Receive counts start over: the step has its tries again.
    expect(moved.map((m) => m.Attributes!.ApproximateReceiveCount)).toEqual(['1', '1', '1']);
  });
});

describe('failure records as AWS writes them', () => {
  it('tells a consumer’s record, a stream batch, a failed invocation and an EventBridge dead letter apart', () => {
    const record = {
      eventID: 'e-1',
      eventSourceARN: 'arn:aws:dynamodb:eu-west-1:1:table/t/stream/s',
      dynamodb: { SequenceNumber: '42' },
    };
    const consumer = parseFailure({
      id: '0',
      attributes: {},
      body: JSON.stringify(
        consumerFailureRecord({
          consumer: 'sales-figures',
          functionArn: 'arn:aws:lambda:eu-west-1:1:function:dispatcher',
          record,
          attempts: 5,
          error: 'boom',
        }),
      ),
    });
    expect(consumer).toMatchObject({
      kind: 'stream-batch',
      consumer: 'sales-figures',
      error: 'boom',
      record,
      shardId: '',
      startSequenceNumber: '42',
      streamArn: record.eventSourceARN,
    });
    const stream = parseFailure({
      id: '1',
      attributes: {},
      body: JSON.stringify({
        requestContext: {
          functionArn: 'arn:aws:lambda:eu-west-1:1:function:backoffice-dispatcher-x',
          condition: 'RetryAttemptsExhausted',
        },
        DDBStreamBatchInfo: {
          shardId: 'shardId-1',
          startSequenceNumber: '10',
          endSequenceNumber: '20',
          batchSize: 3,
          streamArn: 'arn:aws:dynamodb:eu-west-1:1:table/t/stream/s',
        },
      }),
    });
    expect(stream).toMatchObject({ kind: 'stream-batch', shardId: 'shardId-1', batchSize: 3 });
    expect(stream).not.toHaveProperty('consumer');
    const job = parseFailure({
      id: '2',
      attributes: {},
      body: JSON.stringify({
        requestContext: {
          functionArn: 'arn:aws:lambda:eu-west-1:1:function:job:$LATEST',
          condition: 'RetriesExhausted',
        },
        requestPayload: { 'detail-type': 'Scheduled Event' },
        responsePayload: { errorMessage: 'boom' },
      }),
    });
    expect(job).toMatchObject({ kind: 'invocation', payload: { 'detail-type': 'Scheduled Event' }, error: 'boom' });
    const dead = parseFailure({
      id: '3',
      attributes: { TARGET_ARN: 'arn:aws:lambda:eu-west-1:1:function:job', ERROR_CODE: 'RESOURCE_NOT_FOUND' },
      body: JSON.stringify({ source: 'aws.events', 'detail-type': 'Scheduled Event' }),
    });
    expect(dead).toMatchObject({ kind: 'undelivered-event', functionArn: 'arn:aws:lambda:eu-west-1:1:function:job' });
    expect(parseFailure({ id: '4', attributes: {}, body: 'not json' })).toMatchObject({ kind: 'unknown' });
  });

  it('reads SQS messages with their attributes, removes a replayed one and keeps the others, invoking the deployed functions', async () => {
    const queue = await failureQueue('jobs');
    await queues.send(queue.url, { source: 'aws.events' }, { TARGET_ARN: 'arn:aws:lambda:x:1:function:ok' });
    await queues.send(queue.url, {
      requestContext: { functionArn: 'arn:aws:lambda:x:1:function:bad' },
      requestPayload: {},
    });
    // No Lambda emulator: the deployed functions' answers, one of them an error.
    const lambda = mockClient(LambdaClient);
    const payload = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) as never;
    lambda
      .on(InvokeCommand, { FunctionName: 'arn:aws:lambda:x:1:function:ok' })
      .resolves({ Payload: payload({ done: 1 }) });
    lambda
      .on(InvokeCommand, { FunctionName: 'arn:aws:lambda:x:1:function:bad' })
      .resolves({ FunctionError: 'Unhandled', Payload: payload({ errorMessage: 'still broken' }) });
    try {
      const outcomes = await replayFailures({
        source: 'jobs',
        queue: await sqsFailureQueue(queues.sqs, queue.name),
        invoke: lambdaInvoke(new LambdaClient({ region: 'eu-west-1' })),
        streams,
      });
      expect(outcomes.map((o) => [o.kind, o.function, o.status])).toEqual([
        ['undelivered-event', 'ok', 'replayed'],
        ['invocation', 'bad', 'kept'],
      ]);
      expect(outcomes[1]!.detail).toBe('failed again: still broken');
      expect(
        lambda.commandCalls(InvokeCommand).map((c) => [c.args[0].input.FunctionName, c.args[0].input.InvocationType]),
      ).toEqual([
        ['arn:aws:lambda:x:1:function:ok', 'RequestResponse'],
        ['arn:aws:lambda:x:1:function:bad', 'RequestResponse'],
      ]);
    } finally {
      lambda.restore();
    }
    const left = await queues.drain(queue.url);
    expect(left.map((m) => JSON.parse(m.Body!).requestContext?.functionArn)).toEqual([
      'arn:aws:lambda:x:1:function:bad',
    ]);
  });
});
