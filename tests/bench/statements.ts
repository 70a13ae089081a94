/**
 * Customer statements (issue 23, section 4), for `npm run bench` (part of the payments section, on its stack): a
 * customer with 2,000 orders over the last year and 3,000 payments of them (written in bulk: `createOrdersBulk`,
 * `createPaymentsBulk`), then `GET customers/getStatement` over the widest window (400 days, so every order and
 * payment is in it) over HTTP beside the same `getStatement` in process (the time spent per DynamoDB command: the
 * floor), and the DynamoDB calls one statement makes. Budget: 500 ms p50.
 */
import { addCustomerBody, MAX_RANGE_DAYS, type Order, type Statement } from '@bo/shared';
import { createCustomer, defaultLocationId, getStatement, listProductItems, type Actor } from '@bo/functions/data';
import { createOrdersBulk, createPaymentsBulk, type BulkOrder } from '@bo/functions/data/seed';
import { countDynamoCalls } from './dynamo-calls';
import { bareTimer } from './purchasing-data';
import type { SectionOptions } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const DAY = 86_400_000;
const ORDERS = 2_000;
const PAYMENTS = 3_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

export async function statementsBench(
  options: SectionOptions & { request: <T>(method: string, path: string) => Promise<{ body: T }> },
) {
  const { summary, samples, request } = options;
  const started = performance.now();
  const customer = await createCustomer(addCustomerBody.parse({ customerName: 'Bench Statement Buyer' }), actor);
  const [product] = await listProductItems();
  const packingLocationId = await defaultLocationId();
  const plan: BulkOrder[] = Array.from({ length: ORDERS }, (_, i) => ({
    customer: { customerId: customer.id, customerName: customer.customerName },
    orderStatus: 'DELIVERED',
    // Spread over the last 360 days, oldest first.
    createdAt: dayAgo(360 - Math.floor((i * 360) / ORDERS) + 0.5),
    pickupOrder: true,
    packingLocationId,
    lines: [{ product: product!, quantity: 3, priceCents: 1_000 }],
  }));
  const orders: Order[] = [];
  for (let i = 0; i < plan.length; i += 500) orders.push(...(await createOrdersBulk(plan.slice(i, i + 500), actor)));
  // $30 orders; 3,000 payments of $5 each, one or two per order, each on or after its order's day.
  await createPaymentsBulk(
    { customerId: customer.id, customerName: customer.customerName },
    Array.from({ length: PAYMENTS }, (_, k) => {
      const order = orders[k % ORDERS]!;
      const day = new Date(Math.min(Date.now(), Date.parse(order.createdAt) + ((k % 5) + 1) * DAY));
      return {
        order: { orderId: order.id, orderNum: order.orderNum },
        amountCents: 500,
        paymentDate: day.toISOString().slice(0, 10),
        paymentMethod: 'CHECK' as const,
      };
    }),
  );
  const seedMs = Math.round(performance.now() - started);
  const from = new Date(Date.now() - (MAX_RANGE_DAYS - 1) * DAY).toISOString().slice(0, 10);
  const path = `/db/customers/getStatement/${customer.id}?from=${from}`;

  const api: number[] = [];
  let statement: Statement | undefined;
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    statement = (await request<Statement>('GET', path)).body;
    api.push(performance.now() - t);
  }
  const bare = bareTimer(summary);
  const bareDataLayer = await bare(samples, () => getStatement(customer.id, { from }));
  const calls = countDynamoCalls();
  calls.take();
  await getStatement(customer.id, { from });
  const dynamoCalls = calls.take();
  const result = {
    orders: ORDERS,
    payments: PAYMENTS,
    seedMs,
    lines: statement!.lines.length,
    closingBalance: statement!.closingBalance,
    api: summary(api),
    targetMsP50: 500,
    bareDataLayer,
    dynamoCalls,
  };
  console.log('payments: a statement of 2,000 orders and 3,000 payments', result);
  return result;
}
