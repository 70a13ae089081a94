import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYROLL_MESSAGES, type PeriodRef } from '@bo/shared';
import {
  type Actor,
  deletePeriod,
  dynamoClient,
  getDraftPaidOrders,
  getPeriod,
  listPeriods,
  put,
  savePaidOrders,
  submitPeriod,
  userEntity,
} from '../src/data';
import { type OrderHeaderItem, orderEntity } from '../src/data/orders/entity';
import { listPeriodClaims } from '../src/data/payroll/reads';
import { useFreshTable } from './support/env';

/**
 * The payroll data layer against DynamoDB Local: a paid-orders save larger than one transaction (written in
 * chunks), its trim, and the delete that releases every claim; the submit lock on the same path.
 */

const payrollUser: Actor = { userId: 'payroll-1', roles: ['PAYROLL'], isAdmin: false, name: 'Pat' };
const REP = 'rep-1';
const ORDERS = 230;
const at = '2026-11-02T10:00:00.000Z';

const header = (i: number, prefix = 'order'): OrderHeaderItem =>
  ({
    orderId: `${prefix}-${i}`,
    orderNum: `${5000 + i}`,
    orderStatus: i % 2 ? 'DELIVERED' : 'COMPLETED',
    paymentStatus: 'PAID',
    statusModifiedOn: at,
    paymentModifiedOn: at,
    createdAt: at,
    createdMonth: '2026-11',
    modifiedOn: at,
    version: 1,
    customerID: 'cust-1',
    customerName: 'Big Buyer',
    accountOwnerID: REP,
    pickupOrder: true,
    discountCents: 0,
    unitQuantity: 10,
    costCents: 500,
    subtotalCents: 1_000,
    paidCents: 1_000,
    lineGroups: 1,
    skuQuantities: {},
  }) as OrderHeaderItem;

const paidOrders = (from: number, to: number, prefix = 'order') =>
  Array.from({ length: to - from }, (_, k) => ({ orderId: `${prefix}-${from + k}`, commission: 1 }));

const seedOrders = async (prefix: string, count = ORDERS) => {
  for (let i = 0; i < count; i += 25)
    await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, (_, k) => put(orderEntity, header(i + k, prefix))),
    );
};

/** Injects a throttling fault into the second TransactWriteItems from now (the caller restores the spy). */
function failSecondTransaction() {
  const client = dynamoClient();
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  let transactions = 0;
  return vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    if (command instanceof TransactWriteCommand && ++transactions === 2)
      throw Object.assign(new Error('Throughput exceeds the current capacity'), {
        name: 'ProvisionedThroughputExceededException',
      });
    return send(command);
  }) as never);
}

beforeAll(async () => {
  await useFreshTable();
  await put(userEntity, {
    id: REP,
    username: 'rep',
    name: 'Rita Rep',
    email: 'rep@example.com',
    role: ['SALES'],
    createdAt: at,
    modifiedOn: at,
  });
  await Promise.all([seedOrders('order'), seedOrders('cut'), seedOrders('race', 20)]);
});

describe('a paid-orders save larger than one transaction', () => {
  const ref: PeriodRef = { year: 2026, month: 11, payPeriod: 'B' };

  it('claims every order in chunks and puts the commission on the row; a trim releases the rest', async () => {
    const saved = await savePaidOrders(ref, REP, { paidOrders: paidOrders(0, ORDERS) }, payrollUser);
    expect(saved.users.find((u) => u.id === REP)).toMatchObject({ commission: ORDERS, ordersPaid: ORDERS });
    expect(await listPeriodClaims(ref)).toHaveLength(ORDERS);

    const trimmed = await savePaidOrders(ref, REP, { paidOrders: paidOrders(0, 10) }, payrollUser);
    expect(trimmed.users.find((u) => u.id === REP)).toMatchObject({ commission: 10, ordersPaid: 10 });
    expect((await listPeriodClaims(ref)).map((c) => c.orderId).sort()).toEqual(
      paidOrders(0, 10)
        .map((p) => p.orderId)
        .sort(),
    );
  });

  it('deletes the period in chunks, releasing its orders for another period', async () => {
    await savePaidOrders(ref, REP, { paidOrders: paidOrders(0, ORDERS) }, payrollUser);
    expect(await deletePeriod(ref, payrollUser)).toEqual({ deleted: true });
    expect(await listPeriodClaims(ref)).toHaveLength(0);
    expect((await listPeriods()).map((p) => `${p.year}-${p.month}-${p.payPeriod}`)).not.toContain('2026-11-B');
    const next: PeriodRef = { year: 2026, month: 12, payPeriod: 'A' };
    await savePaidOrders(next, REP, { paidOrders: paidOrders(0, ORDERS) }, payrollUser);
    expect(await listPeriodClaims(next)).toHaveLength(ORDERS);
  });

  it('refuses every change once submitted, and keeps what was submitted', async () => {
    const ref2: PeriodRef = { year: 2026, month: 12, payPeriod: 'A' };
    const submitted = await submitPeriod(ref2, { users: [{ id: REP, hoursWorked: 10, baseRate: 15 }] }, payrollUser);
    expect(submitted.status).toBe('SUBMITTED');
    await expect(savePaidOrders(ref2, REP, { paidOrders: [] }, payrollUser)).rejects.toThrow(
      PAYROLL_MESSAGES.submitted,
    );
    await expect(deletePeriod(ref2, payrollUser)).rejects.toThrow(PAYROLL_MESSAGES.submitted);
    expect(await listPeriodClaims(ref2)).toHaveLength(ORDERS);
    expect((await getPeriod(ref2)).users.find((u) => u.id === REP)).toMatchObject({
      totalBasePay: 150,
      commission: ORDERS,
      totalPay: 150 + ORDERS,
    });
  });
});

describe('a period with more rows than one transaction holds', () => {
  const STAFF = 130;
  const staffId = (i: number) => `staff-${i}`;

  it('submits in chunks, the lock last; a submit cut short leaves a draft that submitting again completes', async () => {
    const ref: PeriodRef = { year: 2027, month: 3, payPeriod: 'A' };
    for (let i = 0; i < STAFF; i += 25)
      await Promise.all(
        Array.from({ length: Math.min(25, STAFF - i) }, (_, k) =>
          put(userEntity, {
            id: staffId(i + k),
            username: staffId(i + k),
            name: `Staff ${String(i + k).padStart(3, '0')}`,
            email: `${staffId(i + k)}@example.com`,
            role: ['DRIVER'],
            createdAt: at,
            modifiedOn: at,
          }),
        ),
      );
    const users = Array.from({ length: STAFF }, (_, i) => ({ id: staffId(i), hoursWorked: 10, baseRate: i + 1 }));

    const spy = failSecondTransaction();
    await expect(submitPeriod(ref, { users }, payrollUser)).rejects.toThrow(/Throughput/);
    spy.mockRestore();
    const partial = await getPeriod(ref);
    expect(partial.status).toBe('DRAFT');
    expect(partial.users.filter((u) => u.id.startsWith('staff-') && u.totalBasePay > 0)).toHaveLength(95);

    const done = await submitPeriod(ref, { users }, payrollUser);
    expect(done.status).toBe('SUBMITTED');
    const staff = done.users.filter((u) => u.id.startsWith('staff-'));
    expect(staff).toHaveLength(STAFF);
    expect(staff.every((u) => u.totalBasePay === 10 * Number(u.id.slice(6)) + 10)).toBe(true);
    await expect(submitPeriod(ref, { users }, payrollUser)).rejects.toThrow(PAYROLL_MESSAGES.submitted);
  });
});

describe('a chunked save cut short', () => {
  it('leaves the chunks before the failure written; saving the same list again completes it', async () => {
    const ref: PeriodRef = { year: 2027, month: 1, payPeriod: 'A' };
    const spy = failSecondTransaction();
    await expect(savePaidOrders(ref, REP, { paidOrders: paidOrders(0, ORDERS, 'cut') }, payrollUser)).rejects.toThrow(
      /Throughput/,
    );
    spy.mockRestore();

    // The first chunk is claimed and listed; the row's commission was not written (it goes in the last chunk).
    const partial = await getDraftPaidOrders(ref, REP);
    expect(partial.paidOrders).toHaveLength(95);
    expect((await getPeriod(ref)).users.find((u) => u.id === REP)).toMatchObject({ commission: 0, ordersPaid: 0 });

    const done = await savePaidOrders(ref, REP, { paidOrders: paidOrders(0, ORDERS, 'cut') }, payrollUser);
    expect(done.users.find((u) => u.id === REP)).toMatchObject({ commission: ORDERS, ordersPaid: ORDERS });
    expect(await listPeriodClaims(ref)).toHaveLength(ORDERS);
  });
});

describe("two saves of one user's paid orders at once", () => {
  it('never mix: the claims are exactly the list the row records (the loser, if any, is a 409)', async () => {
    const ref: PeriodRef = { year: 2027, month: 2, payPeriod: 'B' };
    const lists = [paidOrders(0, 10, 'race'), paidOrders(5, 20, 'race')];
    const results = await Promise.allSettled(
      lists.map((list) => savePaidOrders(ref, REP, { paidOrders: list }, payrollUser)),
    );
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/meanwhile/);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const claims = (await listPeriodClaims(ref)).map((c) => c.orderId).sort();
    const row = (await getPeriod(ref)).users.find((u) => u.id === REP)!;
    expect(row.ordersPaid).toBe(claims.length);
    expect(lists.map((l) => l.map((p) => p.orderId).sort())).toContainEqual(claims);
  });
});
