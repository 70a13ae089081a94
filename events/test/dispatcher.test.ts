import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createBrand,
  createCustomer,
  createLocation,
  createOrder,
  createProduct,
  createProductType,
  get,
  listChangeLog,
  put,
  setClients,
} from '@bo/functions/data';
import { failureQueueUrlVariable } from '@bo/functions/data/queues';
import { JOB_QUEUE } from '@bo/functions/data/job-queue';
import { FIGURES_KIND, reportStateEntity, salesContributionEntity } from '@bo/functions/data/reports';
import { LEDGER_PK } from '@bo/functions/data/stock-movements';
import { streamRetryEntity } from '@bo/functions/data/stream-retries';
import { newOrderBody, type Product } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import { faultyDynamo } from '../../functions/test/support/faulty-dynamo';
import { CONSUMER_NAMES, type ConsumerName } from '../src/consumers';
import { localFunctionArn, parseFailure } from '../src/replay';
import { dispatch, type FailureDecision, type StreamHandler } from '../src/stream/dispatch';
import { handler, MAX_ATTEMPTS } from '../src/stream/dispatcher';
import { testQueues } from './support/queues';
import { followStream } from './support/stream';

/**
 * The stream dispatcher: `dispatch` with fake consumers (what each is handed, how a failing record is found and
 * what becomes of it), then the Lambda handler on real records of DynamoDB Local's stream with the real consumers,
 * its retry counts in the table and its failure records in the SQS emulator.
 */

// ---------------------------------------------------------------------------------------------------------------
// dispatch, with fake consumers

let sequence = 0;
/** A stream record named `id` of an item of this entity (a ledger bucket: by its partition key). */
function record(
  id: string,
  entity: 'ledger' | 'order' | 'deliveryRecord' | 'payment' | 'salesCell',
  eventName = 'MODIFY',
) {
  return {
    eventID: id,
    eventName,
    dynamodb: {
      SequenceNumber: String(++sequence).padStart(21, '0'),
      Keys: { pk: { S: entity === 'ledger' ? LEDGER_PK : `${entity}#${id}` } },
      NewImage: { id: { S: id }, ...(entity === 'ledger' ? {} : { __edb_e__: { S: entity } }) },
    },
  } as DynamoDBRecord;
}
const records = (prefix: string, count: number, entity: Parameters<typeof record>[1], eventName?: string) =>
  Array.from({ length: count }, (_, i) => record(`${prefix}${i}`, entity, eventName));
/** The lists dealt out one record at a time from each in turn, as writes of several kinds land on a stream. */
const interleave = (...lists: DynamoDBRecord[][]) =>
  Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) => lists.flatMap((l) => l[i] ?? [])).flat();
const ids = (batch: readonly DynamoDBRecord[]) => batch.map((r) => r.eventID!);

type Behaviour = {
  /** Fails the whole batch when it holds one of these (reporting its first record, as the figures consumers do). */
  failsBatchWith?: string[];
  /** Throws when the batch holds one of these. */
  throwsWith?: string[];
  /** Reports this record itself (the ones before it done, as stock-movements does). */
  reports?: string[];
};

/** Fake consumers: what each was handed, per call, what it got through, and which were loaded. */
function fakes(behaviours: Partial<Record<ConsumerName, Behaviour>> = {}, decide: FailureDecision = 'retry') {
  const calls = new Map<ConsumerName, string[][]>();
  const handled = new Map<ConsumerName, string[]>();
  const loaded: ConsumerName[] = [];
  const failures: Array<[ConsumerName, string, string]> = [];
  const handlerOf = async (name: ConsumerName): Promise<StreamHandler> => {
    loaded.push(name);
    const b = behaviours[name] ?? {};
    return async ({ Records }): Promise<DynamoDBBatchResponse> => {
      const batch = ids(Records);
      calls.set(name, [...(calls.get(name) ?? []), batch]);
      const done = (n: number) => handled.set(name, [...(handled.get(name) ?? []), ...batch.slice(0, n)]);
      const thrown = batch.find((id) => b.throwsWith?.includes(id));
      if (thrown) throw new Error(`cannot read ${thrown}`);
      if (batch.some((id) => b.failsBatchWith?.includes(id)))
        return { batchItemFailures: [{ itemIdentifier: Records[0]!.dynamodb!.SequenceNumber! }] };
      const reported = batch.findIndex((id) => b.reports?.includes(id));
      done(reported < 0 ? batch.length : reported);
      return {
        batchItemFailures: reported < 0 ? [] : [{ itemIdentifier: Records[reported]!.dynamodb!.SequenceNumber! }],
      };
    };
  };
  const onFailure = async (name: ConsumerName, r: DynamoDBRecord, error: string) => {
    failures.push([name, r.eventID!, error]);
    return decide;
  };
  return { handlerOf, onFailure, calls, handled, loaded, failures };
}

describe('dispatch (fake consumers)', () => {
  it('hands each consumer only its records, in its batch size, in order, loading only the consumers that have one', async () => {
    const ledger = records('L', 230, 'ledger');
    const deliveries = records('D', 12, 'deliveryRecord', 'INSERT');
    const orders = records('O', 5, 'order');
    // Nobody reads these: cells, and delivery records modified (delivery-returns takes inserts only).
    const others = [...records('C', 3, 'salesCell'), ...records('M', 2, 'deliveryRecord', 'MODIFY')];
    const batch = interleave(ledger, deliveries, orders, others);
    const f = fakes();

    const result = await dispatch(batch, f);

    expect(f.calls.get('stock-movements')!.map((c) => c.length)).toEqual([100, 100, 30]);
    expect(f.calls.get('stock-movements')!.flat()).toEqual(ids(ledger));
    expect(f.calls.get('delivery-returns')).toEqual([ids(deliveries.slice(0, 10)), ids(deliveries.slice(10))]);
    expect(f.calls.get('sales-figures')).toEqual([ids(orders)]);
    expect([...f.calls.keys()].sort()).toEqual(['delivery-returns', 'sales-figures', 'stock-movements']);
    expect(f.loaded.sort()).toEqual(['delivery-returns', 'sales-figures', 'stock-movements']);
    expect(f.failures).toEqual([]);
    expect(result.retryFrom).toBeUndefined();
    const report = (name: ConsumerName) => result.reports.find((r) => r.name === name)!;
    expect(report('stock-movements')).toMatchObject({ handled: 230, skipped: 0, newest: ledger.at(-1) });
    expect(report('delivery-returns')).toMatchObject({ handled: 12, skipped: 0, newest: deliveries.at(-1) });
    expect(report('purchase-figures')).toEqual({ name: 'purchase-figures', handled: 0, skipped: 0 });
  });

  it('loads a consumer only when a record is for it, and a replay runs only the consumers it names', async () => {
    const unread = fakes();
    const nobody = await dispatch(records('C', 4, 'salesCell'), unread);
    expect(unread.loaded).toEqual([]);
    expect(nobody.reports.map((r) => [r.name, r.handled])).toEqual(CONSUMER_NAMES.map((n) => [n, 0]));

    const f = fakes();
    const batch = interleave(records('L', 3, 'ledger'), records('P', 3, 'payment'), records('O', 3, 'order'));
    const result = await dispatch(batch, { ...f, consumers: ['receivable-figures'] });
    expect(f.loaded).toEqual(['receivable-figures']);
    expect(f.calls.get('receivable-figures')).toEqual([['P0', 'P1', 'P2']]);
    expect(result.reports.map((r) => [r.name, r.handled])).toEqual([['receivable-figures', 3]]);
  });

  it.each([
    [
      'fails the whole batch for it',
      { failsBatchWith: ['O37'] },
      'the consumer reported the record failed (its log says why)',
    ],
    ['throws for the whole batch', { throwsWith: ['O37'] }, 'cannot read O37'],
  ])(
    'finds by bisection the one record a consumer that %s fails on, and handles the good ones before and after it',
    async (_, behaviour, error) => {
      const orders = records('O', 100, 'order');
      const f = fakes({ 'sales-figures': behaviour }, 'skip');

      const result = await dispatch(orders, f);

      expect(f.failures).toEqual([['sales-figures', 'O37', error]]);
      const handled = f.handled.get('sales-figures')!;
      expect(new Set(handled)).toEqual(new Set(ids(orders).filter((id) => id !== 'O37')));
      // Handled in order: the ones before the bad record, then the ones after it.
      expect([...new Set(handled)]).toEqual(ids(orders).filter((id) => id !== 'O37'));
      const report = result.reports.find((r) => r.name === 'sales-figures');
      expect(report).toMatchObject({ handled: 99, skipped: 1, newest: orders.at(-1) });
      expect(result.retryFrom).toBeUndefined();
    },
  );

  it('on retry stops each failing consumer at its record, and the batch is retried from the earliest of them', async () => {
    const ledger = records('L', 250, 'ledger');
    const orders = records('O', 20, 'order');
    const deliveries = records('D', 8, 'deliveryRecord', 'INSERT');
    // O3 comes before L30 in the batch: it is the earliest stopped record though its consumer is listed second.
    const batch = interleave(ledger, orders, deliveries);
    expect(batch.indexOf(orders[3]!)).toBeLessThan(batch.indexOf(ledger[30]!));
    const f = fakes({ 'stock-movements': { reports: ['L30'] }, 'sales-figures': { failsBatchWith: ['O3'] } }, 'retry');

    const result = await dispatch(batch, f);

    // Once each (the consumers run side by side, so in either order).
    expect(f.failures.map(([name, id]) => `${name} ${id}`).sort()).toEqual(['sales-figures O3', 'stock-movements L30']);
    expect(result.retryFrom).toBe(orders[3]);
    const [movements, sales] = [result.reports[0]!, result.reports[1]!];
    expect(movements).toMatchObject({
      name: 'stock-movements',
      handled: 30,
      skipped: 0,
      failed: ledger[30],
      newest: ledger[29],
    });
    expect(sales).toMatchObject({
      name: 'sales-figures',
      handled: 3,
      skipped: 0,
      failed: orders[3],
      newest: orders[2],
    });
    // Nothing past the failed record's chunk: stock-movements was never handed its next hundred records.
    expect(new Set(f.calls.get('stock-movements')!.flat())).toEqual(new Set(ids(ledger.slice(0, 100))));
    expect(f.handled.get('stock-movements')).toEqual(ids(ledger.slice(0, 30)));
    expect(new Set(f.handled.get('sales-figures'))).toEqual(new Set(['O0', 'O1', 'O2']));
    // A consumer that did not fail went through all of its records.
    expect(result.reports.find((r) => r.name === 'delivery-returns')).toMatchObject({ handled: 8, skipped: 0 });
  });

  it('on skip goes on past each failed record', async () => {
    const ledger = records('L', 250, 'ledger');
    const f = fakes({ 'stock-movements': { reports: ['L5', 'L150'] } }, 'skip');

    const result = await dispatch(ledger, f);

    expect(f.failures.map(([, id]) => id)).toEqual(['L5', 'L150']);
    expect(f.handled.get('stock-movements')).toEqual(ids(ledger).filter((id) => id !== 'L5' && id !== 'L150'));
    expect(result.reports[0]).toMatchObject({ handled: 248, skipped: 2, newest: ledger.at(-1) });
    expect(result.reports[0]!.failed).toBeUndefined();
    expect(result.retryFrom).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The handler, on DynamoDB Local's stream with the real consumers

const admin: Actor = { userId: 'admin-1', roles: ['ADMIN'], isAdmin: true, name: 'Ada Admin' };
const context = { functionName: 'dispatcher', invokedFunctionArn: localFunctionArn('dispatcher') } as Context;
const REPORTED = 'the consumer reported the record failed (its log says why)';

let stream: Awaited<ReturnType<typeof followStream>>;
let queues: ReturnType<typeof testQueues>;
const failureQueues = {} as Record<ConsumerName, string>;
let products: Product[];
let customerId: string;

beforeAll(async () => {
  const table = await useFreshTable();
  stream = await followStream(table);
  queues = testQueues();
  for (const name of CONSUMER_NAMES) {
    failureQueues[name] = (await queues.create(`dispatcher-test-${name}`)).url;
    process.env[failureQueueUrlVariable(name)] = failureQueues[name];
  }
  const typeId = (await createProductType({ name: 'Flower' }, admin)).id;
  const brand = await createBrand({ name: 'Dispatch Farms', skucode: 'DSP' }, admin);
  products = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie'])
    products.push(
      await createProduct(
        {
          name: `Dispatch ${name}`,
          brandID: brand.id,
          typeID: typeId,
          status: 'ACTIVE',
          basePrice: 20,
          cost: 8,
          discountEligible: true,
          hasBatch: false,
          hideFromCatalog: false,
          stock: 50,
        },
        admin,
      ),
    );
  customerId = (
    await createCustomer(
      {
        customerName: 'Dispatch Buyer',
        commpref: 'EMAIL',
        type: 'WHOLESALE',
        orderType: 'PICKUP',
        priceAdjustment: 0,
        autoRefreshPricing: false,
      },
      admin,
    )
  ).id;
  await createLocation({ name: 'Main Warehouse', color: '#0972d3' }, admin);
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

const orderOf = (product: Product, quantity: number) =>
  createOrder(
    newOrderBody.parse({
      customerID: customerId,
      pickupOrder: true,
      products: [{ productSku: product.sku, productBatchId: null, quantity, unitPrice: 20 }],
    }),
    admin,
  );
/** The order's history entry on its product, written by stock-movements (one, however often it ran). */
const reservations = async (product: Product, orderNum: string) =>
  (await listChangeLog('product', product.id, { limit: 100 })).entries.filter(
    (e) => e.notes === `Order #${orderNum} RECEIVED`,
  ).length;
const contribution = async (orderId: string) => get(salesContributionEntity, { gen: 1, orderId }, { consistent: true });
const retries = (consumer: ConsumerName, r: DynamoDBRecord) =>
  get(streamRetryEntity, { consumer, eventId: r.eventID! }, { consistent: true });

describe('the dispatcher (DynamoDB Local’s stream, the real consumers, the SQS emulator)', () => {
  let bad: DynamoDBRecord;

  it(`retries a consumer's failed record ${MAX_ATTEMPTS - 1} times, then sends it to that consumer's failure queue and goes on; the others are unaffected`, async () => {
    await stream.next();
    const orders = [await orderOf(products[0]!, 1), await orderOf(products[1]!, 2), await orderOf(products[2]!, 3)];
    const written = await stream.next();
    const headers = orders.map((o) =>
      written.filter((r) => r.dynamodb?.NewImage?.__edb_e__?.S === 'order' && r.dynamodb.NewImage.orderId?.S === o.id),
    );
    expect(headers.map((h) => h.length)).toEqual([1, 1, 1]);
    bad = headers[1]![0]!;
    // Reading the second order fails: sales-figures fails every batch holding it (it applies its orders together).
    const { client, mock, real } = faultyDynamo();
    mock
      .on(QueryCommand)
      .callsFake((input: QueryCommand['input']) =>
        JSON.stringify(input).includes(orders[1]!.id)
          ? Promise.reject(Object.assign(new Error('Internal server error'), { name: 'InternalServerError' }))
          : real.send(new QueryCommand(input)),
      );
    setClients({ dynamo: client });
    try {
      let batch = written;
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        const result = await handler({ Records: batch }, context);
        expect(result.batchItemFailures).toEqual([{ itemIdentifier: bad.dynamodb!.SequenceNumber }]);
        expect(await retries('sales-figures', bad)).toMatchObject({ attempts: attempt, lastError: REPORTED });
        if (attempt === 1) {
          // Bisected: the order before the bad one is applied, the one after waits behind it; stock-movements ran it all.
          expect(await contribution(orders[0]!.id)).toMatchObject({ orderVersion: expect.any(Number) });
          expect(await contribution(orders[2]!.id)).toBeUndefined();
          for (const [i, o] of orders.entries()) expect(await reservations(products[i]!, o.orderNum)).toBe(1);
        }
        // Lambda retries the batch from the reported record.
        batch = batch.slice(batch.indexOf(bad));
      }
      expect(await queues.held(failureQueues['sales-figures'])).toBe(0);

      const last = await handler({ Records: batch }, context);

      expect(last.batchItemFailures).toEqual([]);
      expect(await retries('sales-figures', bad)).toMatchObject({ attempts: MAX_ATTEMPTS });
      expect(await contribution(orders[1]!.id)).toBeUndefined();
      expect(await contribution(orders[2]!.id)).toMatchObject({ orderVersion: expect.any(Number) });
    } finally {
      setClients({ dynamo: real });
    }
    const [message, ...more] = await queues.drain(failureQueues['sales-figures']);
    expect(more).toEqual([]);
    await queues.remove(failureQueues['sales-figures'], message!);
    const sent = JSON.parse(message!.Body!);
    expect(sent).toMatchObject({
      consumer: 'sales-figures',
      error: REPORTED,
      requestContext: { functionArn: context.invokedFunctionArn, approximateInvokeCount: MAX_ATTEMPTS },
      DDBStreamBatchInfo: {
        streamArn: stream.streamArn,
        startSequenceNumber: bad.dynamodb!.SequenceNumber,
        endSequenceNumber: bad.dynamodb!.SequenceNumber,
        batchSize: 1,
      },
    });
    expect(sent.record).toEqual(JSON.parse(JSON.stringify(bad)));
    // What the replay reads back from it: the consumer, the error, the record.
    expect(parseFailure({ id: message!.MessageId!, body: message!.Body!, attributes: {} })).toMatchObject({
      kind: 'stream-batch',
      consumer: 'sales-figures',
      record: { eventID: bad.eventID },
    });
    // The other consumers: no failure counted, nothing in their queues, each reservation recorded once.
    for (const r of written.filter((r) => r.dynamodb?.Keys?.pk?.S === LEDGER_PK))
      expect(await retries('stock-movements', r)).toBeUndefined();
    for (const name of CONSUMER_NAMES) expect(await queues.held(failureQueues[name])).toBe(0);
    for (const [i, o] of orders.entries()) expect(await reservations(products[i]!, o.orderNum)).toBe(1);
  });

  it('runs a replay through the named consumers only, counting nothing and answering the failure', async () => {
    expect(bad).toBeDefined();
    const orderId = bad.dynamodb!.NewImage!.orderId!.S!;
    const { client, mock, real } = faultyDynamo();
    mock
      .on(QueryCommand)
      .callsFake((input: QueryCommand['input']) =>
        JSON.stringify(input).includes(orderId)
          ? Promise.reject(Object.assign(new Error('Internal server error'), { name: 'InternalServerError' }))
          : real.send(new QueryCommand(input)),
      );
    setClients({ dynamo: client });
    let failed;
    try {
      failed = await handler({ Records: [bad], consumers: ['sales-figures'] }, context);
    } finally {
      setClients({ dynamo: real });
    }
    expect(failed.batchItemFailures).toEqual([{ itemIdentifier: bad.dynamodb!.SequenceNumber }]);
    expect(await retries('sales-figures', bad)).toMatchObject({ attempts: MAX_ATTEMPTS });
    expect(await queues.held(failureQueues['sales-figures'])).toBe(0);

    // Named to another consumer, the record is nobody's: nothing runs.
    expect(await handler({ Records: [bad], consumers: ['stock-movements'] }, context)).toEqual({
      batchItemFailures: [],
    });
    expect(await contribution(orderId)).toBeUndefined();

    expect(await handler({ Records: [bad], consumers: ['sales-figures'] }, context)).toEqual({ batchItemFailures: [] });
    expect(await contribution(orderId)).toMatchObject({ orderVersion: expect.any(Number) });
    expect(await retries('sales-figures', bad)).toMatchObject({ attempts: MAX_ATTEMPTS });
  });
});
