/**
 * Returns (issue 23, section 3), for `npm run bench` (part of the payments section, on its stack): a brand of 200
 * products seeded in bulk, then delivered orders of 200 lines each (one per distinct SKU, written in bulk:
 * `createOrdersBulk`), and a return of every line (200 lines, one unit each, restocked, to credit) per order:
 * `POST returns/new` over HTTP beside the same `createReturn` in process (the time spent per DynamoDB command: its
 * bare transaction is the TransactWriteItems), and the DynamoDB calls one return makes. Budget: 300 ms p50.
 */
import { addCustomerBody, type NewReturnBody, type Order } from '@bo/shared';
import { createCustomer, createReturn, defaultLocationId, type Actor } from '@bo/functions/data';
import { createOrdersBulk, type BulkOrder } from '@bo/functions/data/seed';
import { countDynamoCalls } from './dynamo-calls';
import { bareTimer } from './purchasing-data';
import { seedBenchBrand } from './purchasing-brand';
import type { SectionOptions } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const LINES = 200;

export async function returnsBench(
  options: SectionOptions & { request: <T>(method: string, path: string, body: unknown) => Promise<{ body: T }> },
) {
  const { summary, samples, request } = options;
  const started = performance.now();
  const brand = await seedBenchBrand(`Bench Returns ${Math.random().toString(36).slice(2, 6)}`, LINES, actor);
  const customer = await createCustomer(addCustomerBody.parse({ customerName: 'Bench Returns Buyer' }), actor);
  const packingLocationId = await defaultLocationId();
  const plan: BulkOrder[] = Array.from({ length: samples * 2 + 1 }, () => ({
    customer: { customerId: customer.id, customerName: customer.customerName },
    orderStatus: 'DELIVERED',
    createdAt: new Date().toISOString(),
    pickupOrder: true,
    packingLocationId,
    discountCents: 1_000,
    lines: brand.products.map((product) => ({ product, quantity: 2, priceCents: 1_250 })),
  }));
  const orders: Order[] = [];
  for (let i = 0; i < plan.length; i += 10) orders.push(...(await createOrdersBulk(plan.slice(i, i + 10), actor)));
  const seedMs = Math.round(performance.now() - started);
  const body = (order: Order): NewReturnBody => ({
    orderId: order.id,
    reason: 'Bench return',
    lines: brand.products.map((p) => ({ productSku: p.sku, quantity: 1, disposition: 'RESTOCK' as const })),
    settlement: 'CREDIT',
  });

  const api: number[] = [];
  let amount = 0;
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    amount = (await request<{ amount: number }>('POST', '/db/returns/new', body(orders[i]!))).body.amount;
    api.push(performance.now() - t);
  }
  const bare = bareTimer(summary);
  const bareDataLayer = await bare(samples, (i) =>
    createReturn(body(orders[samples + i]!), actor, { withPrices: true }),
  );
  const calls = countDynamoCalls();
  calls.take();
  await createReturn(body(orders[samples * 2]!), actor, { withPrices: true });
  const dynamoCalls = calls.take();
  const result = {
    lines: LINES,
    orders: orders.length,
    seedMs,
    amountOfEachReturn: amount,
    api: summary(api),
    targetMsP50: 300,
    bareDataLayer,
    dynamoCalls,
  };
  console.log('payments: a return of a 200-line order', result);
  return result;
}
