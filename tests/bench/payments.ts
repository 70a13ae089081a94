/**
 * Payments (issue 13), for `npm run bench` (BENCH_ONLY=payments runs it alone), on the demo stack:
 * - one payment across the most orders it may cover (MAX_PAYMENT_ORDERS = 30; $1 to each of 30 orders of
 *   $1,000, so every sample finds balances to pay), `POST payments/add` over HTTP beside the same
 *   `recordPayment` in process (with the time spent per DynamoDB command: the floor) and the DynamoDB calls
 *   one payment makes; `POST payments/update` of it; `GET payments/receivables`;
 * - 50 payments at once against one customer's three orders and $100 of credit: how many succeed, the
 *   wall time, and the invariant check (no order over-applied, credit not below 0, balances to the cent);
 * - a customer statement over 2,000 orders and 3,000 payments (tests/bench/statements.ts);
 * - a return of a 200-line order (tests/bench/returns.ts).
 */
import { performance } from 'node:perf_hooks';
import { MAX_PAYMENT_ORDERS, toCents, type AddPaymentBody, type Order, type Payment } from '@bo/shared';
import { recordPayment, type Actor } from '@bo/functions/data';
import { countDynamoCalls } from './dynamo-calls';
import { bareTimer } from './purchasing-data';
import { returnsBench } from './returns';
import { statementsBench } from './statements';
import type { SectionOptions } from './section';

const actor: Actor = { userId: 'bench', roles: ['ADMIN'], isAdmin: true, name: 'Bench' };
const today = () => new Date().toISOString().slice(0, 10);

export async function paymentsBench(options: SectionOptions) {
  const { info, summary, samples } = options;
  const token = await options.signIn();
  const request = async <T>(method: string, path: string, body?: unknown, expect = 200) => {
    const response = await fetch(`${info.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (expect && response.status !== expect)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, body: JSON.parse(text) as T };
  };
  const unique = Math.random().toString(36).slice(2, 8);
  const typeId = (
    await request<{ id: string }>('POST', '/db/products/addNewProductType', { name: `Bench pay ${unique}` })
  ).body.id;
  const brand = (
    await request<{ id: string }>('POST', '/db/brands/addNew', {
      name: `Bench Pay ${unique}`,
      skucode: `BP${unique.slice(0, 4)}`,
    })
  ).body;
  const product = (
    await request<{ sku: string }>('POST', '/db/products/addNew', {
      name: 'Bench Pay Kush',
      brandID: brand.id,
      typeID: typeId,
      basePrice: 1,
      cost: 0.5,
      stock: 1_000_000,
      hasBatch: false,
    })
  ).body;
  const customerWith = async (totals: number[], credit = 0) => {
    const customer = (
      await request<{ id: string }>('POST', '/db/customers/addNew', {
        customerName: `Bench Payer ${unique} ${totals.length}`,
      })
    ).body;
    if (credit)
      await request('PUT', `/db/customers/update/${customer.id}`, {
        creditAvailable: credit,
        creditNote: 'Bench credit',
      });
    const orders: Order[] = [];
    for (const total of totals)
      orders.push(
        (
          await request<Order>('POST', '/db/orders/new', {
            customerID: customer.id,
            pickupOrder: true,
            products: [{ productSku: product.sku, productBatchId: null, quantity: total, unitPrice: 1 }],
          })
        ).body,
      );
    return { customerId: customer.id, orders };
  };

  // One payment across 30 orders.
  const wide = await customerWith(Array.from({ length: MAX_PAYMENT_ORDERS }, () => 1_000));
  const wideBody = (): AddPaymentBody => ({
    amount: MAX_PAYMENT_ORDERS,
    paymentDate: today(),
    appliedPayments: wide.orders.map((o) => ({ orderId: o.id, amount: 1 })),
    customerCreditDeducted: 0,
    paymentMethod: 'CHECK',
  });
  const api: number[] = [];
  let last: Payment | undefined;
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    last = (await request<Payment>('POST', `/db/payments/add/${wide.customerId}`, wideBody())).body;
    api.push(performance.now() - t);
  }
  const bare = bareTimer(summary);
  const bareAdd = await bare(samples, () => recordPayment(wide.customerId, wideBody(), actor));
  const calls = countDynamoCalls();
  calls.take();
  await recordPayment(wide.customerId, wideBody(), actor);
  const dynamoCalls = calls.take();
  const updates: number[] = [];
  for (let i = 0; i < Math.min(samples, 10); i++) {
    const t = performance.now();
    last = (
      await request<Payment>('POST', `/db/payments/update/${last!.id}`, {
        ...wideBody(),
        amount: MAX_PAYMENT_ORDERS + (i % 2),
        modifiedOn: last!.modifiedOn,
      })
    ).body;
    updates.push(performance.now() - t);
  }
  const receivables: number[] = [];
  let rows = 0;
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    rows = (await request<{ rows: unknown[] }>('GET', '/db/payments/receivables')).body.rows.length;
    receivables.push(performance.now() - t);
  }
  const widePayment = {
    orders: MAX_PAYMENT_ORDERS,
    transactionItems: 4 + 3 * MAX_PAYMENT_ORDERS,
    add: { api: summary(api), bareDataLayer: bareAdd, dynamoCalls },
    update: { note: 'the same 30 orders, amount changed, with modifiedOn', api: summary(updates) },
    receivables: { rows, api: summary(receivables) },
  };
  console.log('payments: one payment across 30 orders', widePayment);

  // 50 at once against the same orders and credit.
  const totals = [300, 200, 150];
  const race = await customerWith(totals, 100);
  let seed = 13;
  const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed / 2 ** 31);
  const bodies = Array.from({ length: 50 }, () => {
    const amount = Math.round((10 + next() * 40) * 100) / 100;
    const credit = next() < 0.4 ? Math.round((2 + next() * 10) * 100) / 100 : 0;
    const order = race.orders[Math.floor(next() * race.orders.length)]!;
    return {
      amount,
      paymentDate: today(),
      customerCreditDeducted: credit,
      appliedPayments: [{ orderId: order.id, amount: Math.round((amount + credit) * 90) / 100 }],
    };
  });
  const started = performance.now();
  const results = await Promise.all(
    bodies.map((b) => request<Payment & { message?: string }>('POST', `/db/payments/add/${race.customerId}`, b, 0)),
  );
  const wallMs = Math.round(performance.now() - started);
  const statuses: Record<string, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const won = results.filter((r) => r.status === 200).map((r) => r.body);
  const balances = await Promise.all(
    race.orders.map(
      async (o) => (await request<{ res: Order }>('GET', `/db/orders/getByID/${o.id}`)).body.res.balanceDue,
    ),
  );
  const credit = (await request<{ creditAvailable: number }>('GET', `/db/customers/getByID/${race.customerId}`)).body
    .creditAvailable;
  const appliedTo = (id: string) =>
    won
      .flatMap((p) => p.appliedPayments)
      .filter((a) => a.orderId === id)
      .reduce((s, a) => s + toCents(a.amount), 0);
  const invariants = {
    noOrderOverApplied: race.orders.every((o, i) => appliedTo(o.id) <= toCents(totals[i]!)),
    balancesToTheCent: race.orders.every((o, i) => toCents(balances[i]!) === toCents(totals[i]!) - appliedTo(o.id)),
    creditNotNegative: credit >= 0,
    creditToTheCent:
      toCents(credit) ===
      toCents(100) -
        won.reduce((s, p) => s + toCents(p.customerCreditDeducted), 0) +
        won.reduce((s, p) => s + toCents(p.customerCreditAdded), 0),
    no500: !results.some((r) => r.status >= 500),
  };
  const concurrent = { payments: bodies.length, statuses, succeeded: won.length, wallMs, invariants };
  console.log('payments: 50 at once', concurrent);
  const statement = await statementsBench({ ...options, request: (method, path) => request(method, path) });
  const returnOf200Lines = await returnsBench({
    ...options,
    request: (method, path, body) => request(method, path, body),
  });
  return { widePayment, concurrent, statement, returnOf200Lines };
}
