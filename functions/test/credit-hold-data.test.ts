import { beforeAll, describe, expect, it } from 'vitest';
import { customerEntity, get, put } from '../src/data';
import { getCreditStatus, planHold } from '../src/data/orders/credit-hold';
import { getStatement } from '../src/data/statements';
import { NO_DRIVER, type OrderHeaderItem, orderEntity } from '../src/data/orders/entity';
import { backfillCustomerOwed } from '../src/data/seed';
import { useFreshTable } from './support/env';

/**
 * Credit holds in the data layer (issue 23): what a customer owes is the sum of their orders' owed balances
 * (drafts, cancelled and refunded orders owe nothing), set on kept data by the `npm start` backfill; and an
 * order for a customer whose oldest unpaid order is past the terms is planned on hold, with the reason.
 */

const CUSTOMER = 'cust-hold';
const DAY = 86_400_000;
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

const header = (orderId: string, over: Partial<OrderHeaderItem>): OrderHeaderItem =>
  ({
    orderId,
    orderNum: orderId.replace(/\D/g, ''),
    orderStatus: 'DELIVERED',
    paymentStatus: 'AWAITING',
    statusModifiedOn: ago(40),
    paymentModifiedOn: ago(40),
    createdAt: ago(40),
    createdMonth: ago(40).slice(0, 7),
    modifiedOn: ago(40),
    version: 1,
    driverKey: NO_DRIVER,
    customerID: CUSTOMER,
    customerName: 'Hold Buyer',
    pickupOrder: true,
    discountCents: 0,
    unitQuantity: 1,
    costCents: 400,
    subtotalCents: 10_000,
    paidCents: 0,
    lineCount: 1,
    lineGroups: 1,
    skuQuantities: {},
    ...over,
  }) as OrderHeaderItem;

beforeAll(async () => {
  await useFreshTable();
  // A customer stored before issue 23: no owed figure.
  await put(customerEntity, {
    customerId: CUSTOMER,
    customerName: 'Hold Buyer',
    commpref: 'EMAIL',
    type: 'RETAIL',
    orderType: 'PICKUP',
    priceAdjustment: 0,
    creditCents: 0,
    autoRefreshPricing: false,
    customPricingCount: 0,
    version: 1,
    createdAt: ago(100),
    modifiedOn: ago(100),
  } as never);
  await Promise.all([
    put(orderEntity, header('hold-1001', { createdAt: ago(46), paidCents: 2_500, paymentStatus: 'PARTIAL' })),
    put(orderEntity, header('hold-1002', { createdAt: ago(10) })),
    put(orderEntity, header('hold-1003', { createdAt: ago(5), orderStatus: 'DRAFT', paymentStatus: 'DRAFT' })),
    put(orderEntity, header('hold-1004', { createdAt: ago(60), orderStatus: 'CANCELLED', paymentStatus: 'CANCELLED' })),
    put(orderEntity, header('hold-1005', { createdAt: ago(70), paidCents: 10_000, paymentStatus: 'PAID' })),
  ]);
});

describe('what a customer owes, and holds past the terms', () => {
  it('the backfill sums the owed balances once; a second run changes nothing', async () => {
    expect(await backfillCustomerOwed()).toBe(1);
    expect((await get(customerEntity, { customerId: CUSTOMER }, { consistent: true }))?.owedCents).toBe(7_500 + 10_000);
    expect(await backfillCustomerOwed()).toBe(0);
  });

  it('plans a hold when the oldest unpaid order is past the terms; none with longer terms, none for a draft', async () => {
    const customer = (await get(customerEntity, { customerId: CUSTOMER }, { consistent: true }))!;
    const at = NOW.toISOString();
    expect(await planHold(customer, { orderStatus: 'RECEIVED' }, 5_000, at)).toEqual({
      hold: { reason: 'Invoice 1001 is 16 days past its 30-day terms', since: at },
    });
    expect(await planHold({ ...customer, paymentTermsDays: 60 }, { orderStatus: 'RECEIVED' }, 5_000, at)).toEqual({});
    expect(await planHold(customer, { orderStatus: 'DRAFT' }, 5_000, at)).toEqual({});
    // With a limit and no overdue invoice: the ceiling the write is conditioned on.
    expect(
      await planHold(
        { ...customer, paymentTermsDays: 60, creditLimitCents: 30_000 },
        { orderStatus: 'RECEIVED' },
        5_000,
        at,
      ),
    ).toEqual({ ceiling: 25_000 });
    expect(await getCreditStatus(customer)).toEqual({
      customerId: CUSTOMER,
      paymentTermsDays: 30,
      owed: 175,
      oldestOpen: { orderNum: '1001', createdAt: ago(46) },
    });
  });

  it('a statement reads only its window: the orders owing from before it make the opening balance', async () => {
    const from = ago(20).slice(0, 10);
    const statement = await getStatement(CUSTOMER, { from });
    expect(statement).toMatchObject({
      openingBalance: 75,
      closingBalance: 175,
      ageing: { days0to30: 175, days31to60: 0, days61to90: 0, over90: 0 },
    });
    expect(statement.lines.map((l) => [l.type, l.reference, l.amount, l.balance])).toEqual([
      ['INVOICE', '1002', 100, 175],
    ]);
  });
});
