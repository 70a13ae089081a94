import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, Payment } from '@bo/shared';
import { type Actor, createBrand, createCustomer, createProduct, createProductType } from '../src/data';
import { handler as newOrderHandler } from '../src/handlers/orders/new';
import { handler as addPaymentHandler } from '../src/handlers/payments/add';
import { apiEvent, invoke } from './support/event';
import { useFreshTable } from './support/env';

/**
 * The embedded metric format documents a Lambda writes to stdout, as CloudWatch would read them. The metrics
 * buffer is created on first use, so the switches below hold for this file's handlers: as in Lambda (the test
 * stack's POWERTOOLS_DEV turns emission off; Powertools counts cold starts only where Lambda says the start
 * was on demand), with a namespace and the area the CDK gives route functions.
 */
Object.assign(process.env, {
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  POWERTOOLS_DEV: 'false',
  POWERTOOLS_METRICS_DISABLED: 'false',
  POWERTOOLS_METRICS_NAMESPACE: 'backoffice-test',
  POWERTOOLS_SERVICE_NAME: 'backoffice',
  METRICS_AREA: 'orders',
});

type Emf = {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> };
} & Record<string, unknown>;

let stdout: string[] = [];
let coldStarts: Emf[] = [];
const emitted = (): Emf[] =>
  stdout
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Emf);
const withMetric = (name: string) =>
  emitted().filter((doc) => doc._aws.CloudWatchMetrics.some((m) => m.Metrics.some((x) => x.Name === name)));

const admin = { sub: 'admin-metrics', roles: ['ADMIN' as const] };
const withKey = (event: APIGatewayProxyEventV2WithJWTAuthorizer, key: string) => ({
  ...event,
  headers: { ...event.headers, 'idempotency-key': key },
  requestContext: { ...event.requestContext, timeEpoch: Date.now() - 25 },
});

const inventory: Actor = { userId: 'inv-metrics', roles: ['INVENTORY'], isAdmin: false, name: 'Ivy Inventory' };
const handlers = { newOrder: newOrderHandler, addPayment: addPaymentHandler };
let customerId: string;
let sku: string;

beforeAll(async () => {
  await useFreshTable();
  // Set up through the data layer: the first handler call of this file must be the first test's (cold start).
  const typeId = (await createProductType({ name: 'Flower' }, inventory)).id;
  const brand = await createBrand({ name: 'Metric Farms', skucode: 'MTR' }, inventory);
  sku = (
    await createProduct(
      {
        name: 'Metric Kush',
        brandID: brand.id,
        typeID: typeId,
        status: 'ACTIVE',
        basePrice: 10,
        cost: 4,
        discountEligible: true,
        hasBatch: false,
        hideFromCatalog: false,
        stock: 100,
      },
      inventory,
    )
  ).sku;
  customerId = (
    await createCustomer(
      {
        customerName: 'Metric Buyer',
        commpref: 'EMAIL',
        type: 'WHOLESALE',
        orderType: 'PICKUP',
        priceAdjustment: 0,
        autoRefreshPricing: false,
      },
      inventory,
    )
  ).id;
});

beforeAll(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
});

afterAll(() => {
  vi.restoreAllMocks();
});

/** Calls a handler with what it writes to stdout collected from now on. */
async function captured<T>(handler: unknown, event: APIGatewayProxyEventV2WithJWTAuthorizer) {
  stdout = [];
  return invoke<T>(handler, event);
}

const orderBody = (orderStatus = 'RECEIVED') => ({
  customerID: customerId,
  pickupOrder: true,
  orderStatus,
  products: [{ productSku: sku, productBatchId: null, quantity: 2, unitPrice: 10 }],
});

describe('embedded metric format', () => {
  it('a submitted order emits OrdersSubmitted once, in the namespace the CDK sets, with the service dimension', async () => {
    const res = await captured<Order>(handlers.newOrder, withKey(apiEvent({ ...admin, body: orderBody() }), 'order-1'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const docs = withMetric('OrdersSubmitted');
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(doc.OrdersSubmitted).toBe(1);
    expect(doc.service).toBe('backoffice');
    expect(doc._aws.CloudWatchMetrics[0]!.Namespace).toBe('backoffice-test');
    expect(doc._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service']]);
    coldStarts = withMetric('ColdStart');
  });

  it('records the request latency per area, with the route key and status as metadata', () => {
    const [latency, ...more] = withMetric('ApiLatency');
    expect(more).toEqual([]);
    expect(latency!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'area']]);
    expect(latency!.area).toBe('orders');
    expect(latency!.routeKey).toBe('POST /api/db/orders/new');
    expect(latency!.status).toBe('200');
    // measured from the event's timeEpoch (25 ms before the call), not from when the handler started
    expect(latency!.ApiLatency).toBeGreaterThanOrEqual(25);
  });

  it('counts a cold start on the first invocation only, with the function name as a dimension', async () => {
    // The first test's call was this process's first invocation.
    const firstCall = coldStarts;
    expect(firstCall).toHaveLength(1);
    expect(firstCall[0]!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'function_name']]);
    expect(firstCall[0]!.function_name).toBe('test');
    await captured(handlers.newOrder, withKey(apiEvent({ ...admin, body: orderBody() }), 'order-1'));
    expect(withMetric('ColdStart')).toEqual([]);
  });

  it('a replayed Idempotency-Key answers the first order and counts nothing', async () => {
    const first = await captured<Order>(
      handlers.newOrder,
      withKey(apiEvent({ ...admin, body: orderBody() }), 'order-2'),
    );
    expect(withMetric('OrdersSubmitted')).toHaveLength(1);
    const replay = await captured<Order>(
      handlers.newOrder,
      withKey(apiEvent({ ...admin, body: orderBody() }), 'order-2'),
    );
    expect(replay.body.id).toBe(first.body.id);
    expect(withMetric('OrdersSubmitted')).toEqual([]);
    expect(withMetric('ApiLatency')).toHaveLength(1);
  });

  it('a draft is not a submitted order', async () => {
    const res = await captured<Order>(handlers.newOrder, apiEvent({ ...admin, body: orderBody('DRAFT') }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(withMetric('OrdersSubmitted')).toEqual([]);
  });

  it('a refused request records its latency with the status, and no business event', async () => {
    const res = await captured(
      handlers.newOrder,
      apiEvent({ ...admin, body: { customerID: customerId, products: [] } }),
    );
    expect(res.status).toBe(400);
    expect(withMetric('OrdersSubmitted')).toEqual([]);
    expect(withMetric('ApiLatency').map((d) => d.status)).toEqual(['400']);
  });

  it('a recorded payment emits PaymentsRecorded; its replay does not', async () => {
    const order = await invoke<Order>(handlers.newOrder, apiEvent({ ...admin, body: orderBody() }));
    const body = {
      amount: 5,
      paymentDate: new Date().toISOString().slice(0, 10),
      appliedPayments: [{ orderId: order.body.id, amount: 5 }],
    };
    const event = () => withKey(apiEvent({ ...admin, params: { customerId }, body }), 'payment-1');
    const paid = await captured<Payment>(handlers.addPayment, event());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(withMetric('PaymentsRecorded').map((d) => d.PaymentsRecorded)).toEqual([1]);
    const replay = await captured<Payment>(handlers.addPayment, event());
    expect(replay.body.id).toBe(paid.body.id);
    expect(withMetric('PaymentsRecorded')).toEqual([]);
  });
});
