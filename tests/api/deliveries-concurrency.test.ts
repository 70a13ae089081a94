import { beforeAll, describe, expect, it } from 'vitest';
import { type Collection, type OrderDeliveries, type Payment, type Product, toCents } from '@bo/shared';
import { dollarProduct, orderOf } from '../support/payments';
import { collect, deliveryCustomer, newDriver, newStop } from '../support/deliveries';
import { call, tokenFor } from '../support/stack';

/**
 * Money collected at the door racing itself (issue 26): collects that together exceed the order's balance
 * never leave more pending than the balance; confirms of one collection at once make one payment.
 */

let sales: string;
let admin: string;
let driver: { token: string; id: string };
let product: Product;

beforeAll(async () => {
  [sales, admin] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN')]);
  driver = await newDriver('Race Driver');
  product = await dollarProduct(await tokenFor('INVENTORY'));
}, 60_000);

const collectionsOf = async (orderId: string) =>
  (await call<OrderDeliveries>('GET', `/api/db/deliveries/getByOrder/${orderId}`, { token: admin })).body.collections;

describe('racing collections', () => {
  it('20 collects of $15 on a $100 order: at most $100 pending, the losers refused with a message', async () => {
    const stop = await newStop(sales, await deliveryCustomer(sales), product, driver.id, [100]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        collect(driver.token, stop.id, { method: 'CASH', amount: 15, at: new Date().toISOString() }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => ![200, 400, 409].includes(s)),
      JSON.stringify(results.map((r) => r.body)),
    ).toEqual([]);
    for (const r of results) if (r.status !== 200) expect(r.body.message).toBeTruthy();
    const won = results.filter((r) => r.status === 200);
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThanOrEqual(6);
    const pending = (await collectionsOf(stop.id)).filter((c) => c.status === 'PENDING');
    expect(pending.map((c) => c.id).sort()).toEqual(won.map((r) => r.body.id as string).sort());
    expect(pending.reduce((sum, c) => sum + toCents(c.amount), 0)).toBeLessThanOrEqual(toCents(100));
  });

  it('10 confirms of one collection at once make one payment; the others are refused', async () => {
    const stop = await newStop(sales, await deliveryCustomer(sales), product, driver.id, [50]);
    const collected = await collect(driver.token, stop.id, {
      method: 'CASH',
      amount: 20,
      at: new Date().toISOString(),
    });
    expect(collected.status, JSON.stringify(collected.body)).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<Collection & { message: string }>('POST', `/api/db/deliveries/confirmCollection/${collected.body.id}`, {
          token: i % 2 ? sales : admin,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(results.map((r) => r.body)),
    ).toEqual([]);
    const payments = await call<Payment[]>('GET', `/api/db/payments/getByOrder/${stop.id}`, { token: sales });
    expect(payments.body).toHaveLength(1);
    expect(payments.body[0]!.id).toBe(results.find((r) => r.status === 200)!.body.paymentId);
    expect((await orderOf(admin, stop.id)).balanceDue).toBe(30);
  });
});
