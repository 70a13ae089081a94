/**
 * Payroll (issue 14), for `npm run bench` (BENCH_ONLY=payroll runs it alone), on the demo stack: 40 SALES users
 * (39 bench profiles and the demo ones) and 3,000 DELIVERED orders of one user's 10 customers, written through
 * the bulk path. Then, as ADMIN, one request at a time:
 * - `GET payroll/eligibleOrders` of that user (3,000 orders) beside `listEligibleOrders` in process;
 * - `POST payroll/update` saving 300 paid orders into an empty period (each sample a fresh period, deleted
 *   afterwards so the orders are free again) beside `savePaidOrders` in process;
 * - `POST payroll/submit` of a period of 40 rows (each sample a fresh period) beside `submitPeriod`;
 * - in Chromium (`payroll-browser.ts`): Calculate Commission of that user opened until its 3,000 orders list.
 */
import { performance } from 'node:perf_hooks';
import {
  addCustomerBody,
  commissionOrderOf,
  orderCommission,
  periodOf,
  type Customer,
  type EligibleOrder,
  type PayrollPeriod,
  type PeriodRef,
} from '@bo/shared';
import {
  createCustomer,
  createUser,
  defaultLocationId,
  deletePeriod,
  getPeriod,
  listEligibleOrders,
  listProductItems,
  savePaidOrders,
  saveRow,
  submitPeriod,
  type Actor,
} from '@bo/functions/data';
import { createOrdersBulk, type BulkOrder } from '@bo/functions/data/seed';
import { countDynamoCalls } from './dynamo-calls';
import { bareTimer } from './purchasing-data';
import type { SectionOptions } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const USERS = 39;
const CUSTOMERS = 10;
const ORDERS = 3_000;
const PAID = 300;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Fresh periods no other part of the bench uses: the months of 2028 onwards. */
const freshPeriod = (i: number): PeriodRef => ({
  year: 2028 + Math.floor(i / 24),
  month: (Math.floor(i / 2) % 12) + 1,
  payPeriod: i % 2 === 0 ? 'A' : 'B',
});
const pathOf = (p: PeriodRef) => `${p.year}/${p.month}/${p.payPeriod}`;

export async function payrollBench(options: SectionOptions) {
  const { info, summary, samples } = options;
  const started = performance.now();
  for (let i = 0; i < USERS; i += 13)
    await Promise.all(
      Array.from({ length: Math.min(13, USERS - i) }, (_, j) =>
        createUser(
          {
            id: `bench-pay-${i + j}`,
            username: `bench-pay-${i + j}`,
            name: `Payroll Bench ${i + j}`,
            email: `paybench${i + j}@example.com`,
            role: ['SALES'],
          },
          actor,
        ),
      ),
    );
  const ownerId = 'bench-pay-0';
  const customers: Customer[] = [];
  for (let i = 0; i < CUSTOMERS; i++)
    customers.push(
      await createCustomer(
        addCustomerBody.parse({ customerName: `Payroll Bench Customer ${i}`, accountOwnerID: ownerId }),
        actor,
      ),
    );
  const products = (await listProductItems()).slice(0, 20);
  const packingLocationId = await defaultLocationId();
  const plan: BulkOrder[] = Array.from({ length: ORDERS }, (_, i) => {
    const c = customers[i % CUSTOMERS]!;
    return {
      customer: { customerId: c.id, customerName: c.customerName, accountOwnerID: ownerId },
      orderStatus: 'DELIVERED',
      createdAt: new Date(Date.now() - (1 + (i % 60)) * 86_400_000 - i * 1000).toISOString(),
      pickupOrder: true,
      packingLocationId,
      lines: [0, 1].map((k) => {
        const product = products[(i + k) % products.length]!;
        return { product, quantity: 1 + ((i + k) % 4), priceCents: product.basePriceCents };
      }),
    };
  });
  for (let i = 0; i < plan.length; i += 500) await createOrdersBulk(plan.slice(i, i + 500), actor);
  const seeding = { users: USERS, orders: ORDERS, ms: Math.round(performance.now() - started) };
  console.log('payroll: seeded', seeding);

  const token = await options.signIn();
  const request = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${info.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) };
  };
  const time = async (n: number, fn: (i: number) => Promise<unknown>, after?: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn(i);
      ms.push(performance.now() - t);
      await after?.(i);
    }
    return summary(ms);
  };
  const bare = bareTimer(summary);
  const calls = countDynamoCalls();
  const callsOf = async (fn: () => Promise<unknown>) => {
    calls.take();
    await fn();
    return calls.take();
  };

  const now = periodOf(new Date().toISOString());
  const eligiblePath = `/db/payroll/eligibleOrders/${pathOf(now)}/${ownerId}`;
  const first = await request<EligibleOrder[]>('GET', eligiblePath);
  const eligible = {
    orders: first.body.length,
    responseKB: kb(first.bytes),
    api: await time(samples, () => request('GET', eligiblePath)),
    bareDataLayer: await bare(samples, () => listEligibleOrders(now, ownerId)),
    dynamoCalls: await callsOf(() => listEligibleOrders(now, ownerId)),
  };
  console.log('payroll: eligible orders', eligible);

  const paidOrders = first.body.slice(0, PAID).map((o) => ({
    orderId: o.orderId,
    orderNum: o.orderNum,
    adjustedCost: null,
    commission: orderCommission(commissionOrderOf(o), 0.2) / 100,
  }));
  const body = { paidOrders, commissionRate: 0.2 };
  let n = 0;
  const save = {
    paidOrders: PAID,
    api: await time(
      Math.min(samples, 10),
      (i) => request('POST', `/db/payroll/update/${pathOf(freshPeriod(n + i))}/${ownerId}`, body),
      (i) => deletePeriod(freshPeriod(n + i), actor),
    ),
    bareDataLayer: await (async () => {
      n += 10;
      const r = await bare(Math.min(samples, 10), async (i) => {
        await savePaidOrders(freshPeriod(n + i), ownerId, body, actor);
        await deletePeriod(freshPeriod(n + i), actor);
      });
      return { ...r, note: 'each sample includes the delete that frees the orders again' };
    })(),
    dynamoCalls: await (async () => {
      n += 10;
      const c = await callsOf(() => savePaidOrders(freshPeriod(n), ownerId, body, actor));
      await deletePeriod(freshPeriod(n), actor);
      return c;
    })(),
  };
  console.log('payroll: save 300 paid orders', save);

  n += 1;
  const prepare = async (p: PeriodRef) => {
    const period = await getPeriod(p);
    for (const u of period.users) await saveRow(p, u.id, { payType: 'HOURLY', baseRate: 20, hoursWorked: 80 }, actor);
    return (await getPeriod(p)).users;
  };
  const submitMs: number[] = [];
  let rows = 0;
  for (let i = 0; i < Math.min(samples, 5); i++) {
    const p = freshPeriod(n + i);
    const users = await prepare(p);
    rows = users.length;
    const t = performance.now();
    await request<PayrollPeriod>('POST', `/db/payroll/submit/${pathOf(p)}`, { users });
    submitMs.push(performance.now() - t);
  }
  n += 5;
  const bareSubmit: number[] = [];
  for (let i = 0; i < Math.min(samples, 5); i++) {
    const p = freshPeriod(n + i);
    const users = await prepare(p);
    const t = performance.now();
    await submitPeriod(p, { users }, actor);
    bareSubmit.push(performance.now() - t);
  }
  const submit = { rows, api: summary(submitMs), bareDataLayer: summary(bareSubmit) };
  console.log('payroll: submit', submit);
  return { seeding, eligible, save, submit, benchUser: { name: 'Payroll Bench 0', orders: eligible.orders } };
}
