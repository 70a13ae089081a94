import {
  DynamoDBClient,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  TransactionInProgressException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, ServiceUnavailableError } from '../../src/domain';
import { batchGet, get, resetClients, setClients, transaction, TRANSACTION_ATTEMPTS } from '../../src/data/core';
import { batchPut } from '../../src/data/core/batch-write';
import { MAX_ATTEMPTS } from '../../src/data/core/retry';
import { type SkuGuardItem, skuGuardEntity } from '../../src/data/products/sku-entity';

/**
 * The core's answers to what DynamoDB does under load, injected with aws-sdk-client-mock: BatchGet keys and
 * BatchWrite items left unprocessed, transactions cancelled by contention, throttling or a failed condition.
 * Its own retries are capped, and each attempt sends a new command object (an SDK command carries
 * middleware state and must not be sent twice). Backoff waits run on fake timers.
 */

const TABLE = 'faults-table';
const stubOf = (client: DynamoDBDocumentClient) => mockClient(client);
let dynamo: ReturnType<typeof stubOf>;

beforeAll(() => {
  process.env.TABLE_NAME = TABLE;
});
beforeEach(() => {
  vi.useFakeTimers();
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
  dynamo = stubOf(client);
  setClients({ dynamo: client });
});
afterEach(() => {
  vi.useRealTimers();
  dynamo.restore();
  resetClients();
});
afterAll(() => {
  delete process.env.TABLE_NAME;
});

/** Runs an operation to its end, through every backoff wait. */
async function settle<T>(operation: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = operation.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

/** The command objects sent, in order: each attempt must be a new one. */
const sent = (command: Parameters<typeof dynamo.commandCalls>[0]) => dynamo.commandCalls(command).map((c) => c.args[0]);
const allDistinct = (items: readonly unknown[]) => new Set(items).size === items.length;

const guard = (n: number): SkuGuardItem => ({ sku: `SKU-${n}`, productId: `product-${n}` });
const keyOf = (n: number) => skuGuardEntity.key({ sku: `SKU-${n}` });
const itemOf = (n: number) => skuGuardEntity.toItem(guard(n));

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('BatchGet', () => {
  it('retries unprocessed keys until every one is read, with a new command each time', async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [itemOf(1)] },
        UnprocessedKeys: { [TABLE]: { Keys: [keyOf(2), keyOf(3)] } },
      })
      .resolvesOnce({ Responses: { [TABLE]: [itemOf(3)] }, UnprocessedKeys: { [TABLE]: { Keys: [keyOf(2)] } } })
      .resolvesOnce({ Responses: { [TABLE]: [itemOf(2)] }, UnprocessedKeys: {} });
    const { value, error } = await settle(
      batchGet(
        skuGuardEntity,
        [1, 2, 3].map((n) => ({ sku: `SKU-${n}` })),
      ),
    );
    expect(error).toBeUndefined();
    expect(value!.sort((a, b) => a.sku.localeCompare(b.sku))).toEqual([guard(1), guard(2), guard(3)]);
    const commands = sent(BatchGetCommand);
    expect(commands).toHaveLength(3);
    expect(allDistinct(commands)).toBe(true);
    // Each retry asks for exactly what was left.
    expect(dynamo.commandCalls(BatchGetCommand).map((c) => c.args[0].input.RequestItems![TABLE]!.Keys)).toEqual([
      [keyOf(1), keyOf(2), keyOf(3)],
      [keyOf(2), keyOf(3)],
      [keyOf(2)],
    ]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts with a 503 when keys stay unprocessed`, async () => {
    dynamo
      .on(BatchGetCommand)
      .resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: [keyOf(1)] } } });
    const { error } = await settle(batchGet(skuGuardEntity, [{ sku: 'SKU-1' }]));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as Error).message).toMatch(/busy.*try again/);
    expect(sent(BatchGetCommand)).toHaveLength(MAX_ATTEMPTS);
    expect(allDistinct(sent(BatchGetCommand))).toBe(true);
  });
});

describe('BatchWrite (seeding tools)', () => {
  it('retries unprocessed items until written, capped, with a new command each time', async () => {
    dynamo
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: itemOf(2) } }] } })
      .resolvesOnce({ UnprocessedItems: {} });
    expect((await settle(batchPut(skuGuardEntity, [guard(1), guard(2)]))).error).toBeUndefined();
    const calls = dynamo.commandCalls(BatchWriteCommand);
    expect(calls.map((c) => c.args[0].input.RequestItems![TABLE]!.length)).toEqual([2, 1]);
    expect(allDistinct(sent(BatchWriteCommand))).toBe(true);

    dynamo.reset();
    dynamo.on(BatchWriteCommand).resolves({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: itemOf(1) } }] } });
    const { error } = await settle(batchPut(skuGuardEntity, [guard(1)]));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(sent(BatchWriteCommand)).toHaveLength(MAX_ATTEMPTS);
  });
});

describe('a transaction', () => {
  const threeItems = () =>
    transaction()
      .put('sku guard', skuGuardEntity, guard(1), { ifAbsent: true })
      .put('number guard', skuGuardEntity, guard(2), { ifAbsent: true })
      .delete('old guard', skuGuardEntity, { sku: 'SKU-3' });

  it('cancelled by a failed condition is explained by the name of the item that failed, at once', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    const explained = new ConflictError('Number taken');
    const seen: string[][] = [];
    const { error } = await settle(
      threeItems().commit((failed) => {
        seen.push([...failed]);
        return explained;
      }),
    );
    expect(error).toBe(explained);
    expect(seen).toEqual([['number guard']]);
    expect(sent(TransactWriteCommand)).toHaveLength(1);
  });

  it('unexplained, is a 409 whose details name each failed item and its reason', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'));
    const { error } = await settle(threeItems().commit());
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).details).toEqual([
      { path: 'transaction.sku guard', message: 'ConditionalCheckFailed' },
      { path: 'transaction.old guard', message: 'ConditionalCheckFailed' },
    ]);
  });

  it('cancelled by contention is retried with a new command each time, the same items', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict', 'None'))
      .rejectsOnce(cancelled('ThrottlingError', 'None', 'None'))
      .rejectsOnce(new TransactionInProgressException({ message: 'In progress', $metadata: {} }))
      .resolves({});
    expect((await settle(threeItems().commit())).error).toBeUndefined();
    const commands = sent(TransactWriteCommand);
    expect(commands).toHaveLength(4);
    expect(allDistinct(commands)).toBe(true);
    const inputs = dynamo.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems);
    for (const input of inputs) expect(input).toEqual(inputs[0]);
    expect(inputs[0]).toHaveLength(3);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts: a 409 under conflicts, a 503 under throttling`, async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict', 'None'));
    const conflict = await settle(threeItems().commit());
    expect(conflict.error).toBeInstanceOf(ConflictError);
    expect((conflict.error as ConflictError).details).toEqual([
      { path: 'transaction.number guard', message: 'TransactionConflict' },
    ]);
    expect(sent(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(cancelled('ProvisionedThroughputExceeded', 'None', 'None'));
    const throttled = await settle(threeItems().commit());
    expect(throttled.error).toBeInstanceOf(ServiceUnavailableError);
    expect(sent(TransactWriteCommand)).toHaveLength(TRANSACTION_ATTEMPTS);
    expect(allDistinct(sent(TransactWriteCommand))).toBe(true);
  });

  it('a failed condition beside contention is not retried: the condition decides', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict', 'None'));
    const { error } = await settle(threeItems().commit((failed) => new ConflictError([...failed].join())));
    expect((error as Error).message).toBe('sku guard');
    expect(sent(TransactWriteCommand)).toHaveLength(1);
  });

  it('another error is not retried and reaches the caller as it was', async () => {
    const invalid = Object.assign(new Error('One or more parameter values were invalid'), {
      name: 'ValidationException',
    });
    dynamo.on(TransactWriteCommand).rejects(invalid);
    expect((await settle(threeItems().commit())).error).toBe(invalid);
    expect(sent(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('a throttled single read', () => {
  it("is the SDK's to retry (its retry strategy): the core sends once and lets the error through", async () => {
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: {} });
    dynamo.on(GetCommand).rejects(throttled);
    expect((await settle(get(skuGuardEntity, { sku: 'SKU-1' }))).error).toBe(throttled);
    expect(sent(GetCommand)).toHaveLength(1);
  });
});
