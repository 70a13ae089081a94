import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DeleteMessageCommand, GetQueueUrlCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  dynamoClient,
  listChangeLog,
  setClients,
} from '@bo/functions/data';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { newOrderBody, type Product } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import {
  appendFailure,
  fileFailureQueue,
  invocationFailureRecord,
  lambdaInvoke,
  localInvoke,
  parseFailure,
  replayFailures,
  sqsFailureQueue,
  streamBatchFailureRecord,
} from '../src/replay';
import { followStream } from './support/stream';

const sales: Actor = { userId: 'sales-1', roles: ['SALES'], isAdmin: false, name: 'Sam Sales' };
const inventory: Actor = { userId: 'inv-1', roles: ['INVENTORY'], isAdmin: false, name: 'Ivy Inventory' };

let stream: Awaited<ReturnType<typeof followStream>>;
let streams: DynamoDBStreamsClient;
let dir: string;
let product: Product;
let customerId: string;

beforeAll(async () => {
  stream = await followStream(await useFreshTable());
  streams = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
  dir = mkdtempSync(join(tmpdir(), 'bo-replay-'));
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
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  streams.destroy();
});

const history = async () =>
  (await listChangeLog('product', product.id, { limit: 100 })).entries.filter((e) =>
    e.changes.some((c) => c.field === 'pendingOutboundQuantity'),
  );
const queued = (source: string) => {
  try {
    return readFileSync(join(dir, 'failures', `${source}.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean).length;
  } catch {
    return 0;
  }
};

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

/** A submitted order's stream records, and the on-failure record Lambda would write had its batch failed. */
async function failedOrderBatch() {
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
  // The whole write, ledger and other items: the replay keeps what the consumer's filter lets through.
  const first = records[0]!.dynamodb!.SequenceNumber!;
  const last = records.at(-1)!.dynamodb!.SequenceNumber!;
  expect(records.some((r) => r.dynamodb?.Keys?.pk?.S === LEDGER_PK)).toBe(true);
  const failure = streamBatchFailureRecord({
    consumer: 'stock-movements',
    streamArn: stream.streamArn,
    shardId: await shardOf(first),
    startSequenceNumber: first,
    endSequenceNumber: last,
    batchSize: records.length,
    attempts: 6,
  });
  return { order, failure };
}

describe('replaying a failed stream batch (local stack: DynamoDB Local’s stream, the consumer in process)', () => {
  it('reads the batch again from the stream, runs the consumer on it and removes the message', async () => {
    const { order, failure } = await failedOrderBatch();
    appendFailure(dir, 'stock-movements', failure);
    const before = await history();

    const dry = await replayFailures({
      source: 'stock-movements',
      queue: fileFailureQueue(dir, 'stock-movements'),
      invoke: localInvoke,
      streams,
      dryRun: true,
    });
    expect(dry.map((o) => o.status)).toEqual(['planned']);
    expect(await history()).toEqual(before);
    expect(queued('stock-movements')).toBe(1);

    const outcomes = await replayFailures({
      source: 'stock-movements',
      queue: fileFailureQueue(dir, 'stock-movements'),
      invoke: localInvoke,
      streams,
    });
    expect(outcomes).toMatchObject([{ kind: 'stream-batch', function: 'stock-movements', status: 'replayed' }]);
    expect(outcomes[0]!.detail).toMatch(/^ran \d+ record\(s\) of /);
    const after = await history();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.notes).toBe(`Order #${order.orderNum} RECEIVED`);
    expect(queued('stock-movements')).toBe(0);
  });

  it('is idempotent: the same batch replayed again writes nothing new', async () => {
    const { failure } = await failedOrderBatch();
    appendFailure(dir, 'stock-movements', failure);
    appendFailure(dir, 'stock-movements', failure);
    const outcomes = await replayFailures({
      source: 'stock-movements',
      queue: fileFailureQueue(dir, 'stock-movements'),
      invoke: localInvoke,
      streams,
    });
    expect(outcomes.map((o) => o.status)).toEqual(['replayed', 'replayed']);
    const entries = await history();
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries.filter((e) => e.notes === entries[0]!.notes)).toHaveLength(1);
  });

  it('keeps a batch that fails again, with the reason, and replays it once the cause is gone', async () => {
    const { failure } = await failedOrderBatch();
    appendFailure(dir, 'stock-movements', failure);
    const before = await history();
    const original = dynamoClient();
    const faulty = mockClient(DynamoDBDocumentClient.from(new DynamoDBClient({})));
    faulty.on(PutCommand).rejects(Object.assign(new Error('Throughput exceeded'), { name: 'ThrottlingException' }));
    setClients({ dynamo: faulty as unknown as DynamoDBDocumentClient });
    let kept;
    try {
      kept = await replayFailures({
        source: 'stock-movements',
        queue: fileFailureQueue(dir, 'stock-movements'),
        invoke: localInvoke,
        streams,
      });
    } finally {
      setClients({ dynamo: original });
    }
    expect(kept).toMatchObject([{ status: 'kept' }]);
    expect(kept[0]!.detail).toMatch(/^failed again from record \d+/);
    expect(queued('stock-movements')).toBe(1);
    expect(await history()).toEqual(before);

    const retried = await replayFailures({
      source: 'stock-movements',
      queue: fileFailureQueue(dir, 'stock-movements'),
      invoke: localInvoke,
      streams,
    });
    expect(retried.map((o) => o.status)).toEqual(['replayed']);
    expect(await history()).toHaveLength(before.length + 1);
    expect(queued('stock-movements')).toBe(0);
  });

  it('keeps what it cannot read, and a batch whose records left the stream', async () => {
    appendFailure(dir, 'stock-movements', { hello: 'world' });
    appendFailure(
      dir,
      'stock-movements',
      streamBatchFailureRecord({
        consumer: 'stock-movements',
        streamArn: stream.streamArn,
        shardId: 'shardId-00000001700000000000-gone0000',
        startSequenceNumber: '000000000000000000100',
        endSequenceNumber: '000000000000000000200',
        batchSize: 1,
        attempts: 6,
      }),
    );
    const outcomes = await replayFailures({
      source: 'stock-movements',
      queue: fileFailureQueue(dir, 'stock-movements'),
      invoke: localInvoke,
      streams,
    });
    expect(outcomes.map((o) => [o.kind, o.status])).toEqual([
      ['unknown', 'kept'],
      ['stream-batch', 'kept'],
    ]);
    expect(outcomes[1]!.detail).toMatch(/are no longer in the stream \(ResourceNotFoundException\)$/);
    expect(queued('stock-movements')).toBe(2);
    rmSync(join(dir, 'failures', 'stock-movements.jsonl'));
  });
});

describe('replaying a failed job run', () => {
  it('runs the job again with the event it failed with', async () => {
    appendFailure(dir, 'jobs', invocationFailureRecord('refresh-pricing', {}, new Error('Pricing refresh failed')));
    const outcomes = await replayFailures({
      source: 'jobs',
      queue: fileFailureQueue(dir, 'jobs'),
      invoke: localInvoke,
      streams,
    });
    expect(outcomes).toMatchObject([{ kind: 'invocation', function: 'refresh-pricing', status: 'replayed' }]);
    expect(outcomes[0]!.detail).toContain('Pricing refresh failed');
    expect(queued('jobs')).toBe(0);
  });
});

describe('failure records as AWS writes them', () => {
  it('tells a stream batch, a failed invocation and an EventBridge dead letter apart', () => {
    const stream = parseFailure({
      id: '1',
      attributes: {},
      body: JSON.stringify({
        requestContext: {
          functionArn: 'arn:aws:lambda:eu-west-1:1:function:backoffice-jobs-StockMovements-x',
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

  it('reads SQS messages with their attributes, deletes a replayed one by its receipt and keeps the others', async () => {
    const sqs = mockClient(SQSClient);
    sqs.on(GetQueueUrlCommand, { QueueName: 'backoffice-failures-jobs' }).resolves({ QueueUrl: 'https://q/jobs' });
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [
          {
            MessageId: 'm1',
            ReceiptHandle: 'r1',
            Body: JSON.stringify({ source: 'aws.events' }),
            MessageAttributes: { TARGET_ARN: { DataType: 'String', StringValue: 'arn:aws:lambda:x:1:function:ok' } },
          },
          {
            MessageId: 'm2',
            ReceiptHandle: 'r2',
            Body: JSON.stringify({
              requestContext: { functionArn: 'arn:aws:lambda:x:1:function:bad' },
              requestPayload: {},
            }),
          },
        ],
      })
      .resolves({ Messages: [] });
    sqs.on(DeleteMessageCommand).resolves({});
    const lambda = mockClient(LambdaClient);
    const payload = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) as never;
    lambda
      .on(InvokeCommand, { FunctionName: 'arn:aws:lambda:x:1:function:ok' })
      .resolves({ Payload: payload({ done: 1 }) });
    lambda
      .on(InvokeCommand, { FunctionName: 'arn:aws:lambda:x:1:function:bad' })
      .resolves({ FunctionError: 'Unhandled', Payload: payload({ errorMessage: 'still broken' }) });

    const outcomes = await replayFailures({
      source: 'jobs',
      queue: await sqsFailureQueue(new SQSClient({ region: 'eu-west-1' }), 'backoffice-failures-jobs'),
      invoke: lambdaInvoke(new LambdaClient({ region: 'eu-west-1' })),
      streams,
    });
    expect(outcomes.map((o) => [o.kind, o.function, o.status])).toEqual([
      ['undelivered-event', 'ok', 'replayed'],
      ['invocation', 'bad', 'kept'],
    ]);
    expect(outcomes[1]!.detail).toBe('failed again: still broken');
    const deletes = sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input);
    expect(deletes).toEqual([{ QueueUrl: 'https://q/jobs', ReceiptHandle: 'r1' }]);
    const receive = sqs.commandCalls(ReceiveMessageCommand)[0]!.args[0].input;
    expect(receive).toMatchObject({
      QueueUrl: 'https://q/jobs',
      MessageAttributeNames: ['All'],
      VisibilityTimeout: 900,
    });
    sqs.restore();
    lambda.restore();
  });
});
