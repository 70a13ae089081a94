import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adjacentPeriod,
  clampRate,
  commissionTotals,
  grossPercent,
  grossProfit,
  soldValue,
  DEFAULT_COMMISSION_RATE,
  hourlyPay,
  isEligibleForCommission,
  monthFromPicker,
  orderCommission,
  paidOrderRefusal,
  periodBounds,
  periodKey,
  periodLabel,
  periodOf,
  payrollUpdateBody,
  isPaidOrdersBody,
  readsCommissionOf,
  reimbursementTotal,
  rowTotalPay,
  totalBasePay,
  userCommissionRate,
  type PeriodRef,
} from '../src/index';

describe('pay periods', () => {
  it('A is the 1st to the 15th, B the 16th to the end of the month (leap years too)', () => {
    expect(periodBounds({ year: 2026, month: 11, payPeriod: 'A' })).toEqual({
      first: '2026-11-01',
      last: '2026-11-15',
    });
    expect(periodBounds({ year: 2026, month: 11, payPeriod: 'B' })).toEqual({
      first: '2026-11-16',
      last: '2026-11-30',
    });
    expect(periodBounds({ year: 2028, month: 2, payPeriod: 'B' }).last).toBe('2028-02-29');
    expect(periodBounds({ year: 2026, month: 2, payPeriod: 'B' }).last).toBe('2026-02-28');
    expect(periodBounds({ year: 2026, month: 12, payPeriod: 'B' }).last).toBe('2026-12-31');
  });

  it("labels A '(1st - 15th)' and B '(16th - EOM)'; months from the pickers' zero-based ones", () => {
    expect(periodLabel('A')).toBe('(1st - 15th)');
    expect(periodLabel('B')).toBe('(16th - EOM)');
    expect(monthFromPicker(0)).toBe(1);
    expect(monthFromPicker(11)).toBe(12);
  });

  it('puts every day of a period in that period, and steps across months and years', () => {
    expect(periodOf('2026-11-15')).toEqual({ year: 2026, month: 11, payPeriod: 'A' });
    expect(periodOf('2026-11-16T08:00:00.000Z')).toEqual({ year: 2026, month: 11, payPeriod: 'B' });
    expect(adjacentPeriod({ year: 2026, month: 12, payPeriod: 'B' }, 1)).toEqual({
      year: 2027,
      month: 1,
      payPeriod: 'A',
    });
    expect(adjacentPeriod({ year: 2027, month: 1, payPeriod: 'A' }, -1)).toEqual({
      year: 2026,
      month: 12,
      payPeriod: 'B',
    });
    const period = fc.record({
      year: fc.integer({ min: 2000, max: 2100 }),
      month: fc.integer({ min: 1, max: 12 }),
      payPeriod: fc.constantFrom('A' as const, 'B' as const),
    });
    fc.assert(
      fc.property(period, (p: PeriodRef) => {
        const { first, last } = periodBounds(p);
        expect(periodOf(first)).toEqual(p);
        expect(periodOf(last)).toEqual(p);
        expect(adjacentPeriod(adjacentPeriod(p, 1), -1)).toEqual(p);
        expect(periodKey(adjacentPeriod(p, 1)) > periodKey(p)).toBe(true);
      }),
    );
  });
});

describe('commission (spec section 5)', () => {
  it('is the larger of (subtotal − discount − cost) and 0, times the rate; the adjusted cost replaces the cost', () => {
    expect(orderCommission({ subtotal: 100_000, discount: 0, cost: 60_000 }, 0.2)).toBe(8_000);
    expect(orderCommission({ subtotal: 100_000, discount: 0, cost: 60_000, adjustedCost: 70_000 }, 0.2)).toBe(6_000);
    expect(orderCommission({ subtotal: 100_000, discount: 0, cost: 60_000, adjustedCost: null }, 0.2)).toBe(8_000);
    expect(orderCommission({ subtotal: 50_000, discount: 0, cost: 60_000 }, 0.3)).toBe(0);
    expect(orderCommission({ subtotal: 333, discount: 0, cost: 0 }, 0.15)).toBe(50);
  });

  it('is on what the order sold for: a discount the rep gave earns nothing (issue 23)', () => {
    // $1,000.00 sold at $190.00 off, costing $600.00: $210.00 of profit, $42.00 at 20% (not $80.00).
    const order = { subtotal: 100_000, discount: 19_000, cost: 60_000 };
    expect(soldValue(order)).toBe(81_000);
    expect(grossProfit(order)).toBe(21_000);
    expect(orderCommission(order, 0.2)).toBe(4_200);
    // A discount deeper than the margin leaves no commission.
    expect(orderCommission({ subtotal: 100_000, discount: 45_000, cost: 60_000 }, 0.2)).toBe(0);
    // Every summary figure adds up from the rows' columns: Total, Cost, Profit.
    const totals = commissionTotals([order, { subtotal: 50_000, discount: 0, cost: 20_000 }], 0.2);
    expect(totals).toEqual({
      orderValue: 81_000 + 50_000,
      cost: 80_000,
      grossProfit: 21_000 + 30_000,
      commission: 4_200 + 6_000,
      netProfit: 51_000 - 10_200,
      grossPercent: grossPercent({ value: 131_000, grossProfit: 51_000 }),
    });
    expect(totals.grossPercent).toBe(38.9);
  });

  it('holds the rate to [0, 1] in steps of 0.01, 0.2 by default or the user’s own', () => {
    expect(clampRate(0.125)).toBe(0.13);
    expect(clampRate(1.4)).toBe(1);
    expect(clampRate(-0.1)).toBe(0);
    expect(clampRate(undefined)).toBe(DEFAULT_COMMISSION_RATE);
    expect(userCommissionRate({})).toBe(0.2);
    expect(userCommissionRate({ commissionRate: 0.25 })).toBe(0.25);
  });

  it('sums the summary: value, cost, gross profit, commission, net profit, gross %', () => {
    const orders = [
      { subtotal: 100_000, discount: 0, cost: 60_000 },
      { subtotal: 50_000, discount: 0, cost: 20_000, adjustedCost: 25_000 },
      { subtotal: 10_000, discount: 0, cost: 12_000 },
    ];
    expect(commissionTotals(orders, 0.2)).toEqual({
      orderValue: 160_000,
      cost: 97_000,
      grossProfit: 63_000,
      commission: 8_000 + 5_000 + 0,
      netProfit: 63_000 - 13_000,
      grossPercent: 39.4,
    });
  });

  it('never pays more than the margin, and the totals are the sum of the rows (property)', () => {
    const order = fc.record({
      subtotal: fc.integer({ min: 0, max: 10_000_000 }),
      discount: fc.integer({ min: 0, max: 10_000_000 }),
      cost: fc.integer({ min: 0, max: 10_000_000 }),
      adjustedCost: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(order, { maxLength: 20 }), fc.integer({ min: 0, max: 100 }), (orders, pct) => {
        const rate = pct / 100;
        const totals = commissionTotals(orders, rate);
        expect(totals.commission).toBe(orders.reduce((s, o) => s + orderCommission(o, rate), 0));
        for (const o of orders) {
          const c = orderCommission(o, rate);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(paidOrderRefusal({ ...o, orderNum: '1' }, c)).toBeUndefined();
        }
        expect(totals.netProfit).toBe(totals.grossProfit - totals.commission);
        expect(totals.orderValue).toBe(orders.reduce((s, o) => s + soldValue(o), 0));
        expect(totals.grossProfit).toBe(orders.reduce((s, o) => s + grossProfit(o), 0));
      }),
    );
  });

  it('refuses a commission above the gross profit or a negative cost, naming the order', () => {
    expect(paidOrderRefusal({ orderNum: '1042', subtotal: 10_000, discount: 0, cost: 6_000 }, 4_001)).toBe(
      'Order 1042: the commission is more than its gross profit',
    );
    expect(paidOrderRefusal({ orderNum: '1042', subtotal: 10_000, discount: 0, cost: 12_000 }, 1)).toMatch(
      /more than its gross/,
    );
    expect(
      paidOrderRefusal({ orderNum: '1042', subtotal: 10_000, discount: 0, cost: 6_000, adjustedCost: -1 }, 0),
    ).toBe("Order 1042: the cost can't be below 0");
  });
});

describe('eligible orders', () => {
  const period: PeriodRef = { year: 2026, month: 11, payPeriod: 'A' };
  const order = { accountOwnerID: 'u1', orderStatus: 'DELIVERED' as const, createdAt: '2026-11-15T23:00:00.000Z' };

  it("are the user's customers' DELIVERED or COMPLETED orders created by the period's last day, unpaid", () => {
    expect(isEligibleForCommission(order, 'u1', period)).toBe(true);
    expect(isEligibleForCommission({ ...order, orderStatus: 'COMPLETED' }, 'u1', period)).toBe(true);
    expect(isEligibleForCommission({ ...order, createdAt: '2026-10-02T10:00:00.000Z' }, 'u1', period)).toBe(true);
    expect(isEligibleForCommission(order, 'u2', period)).toBe(false);
    expect(isEligibleForCommission({ ...order, orderStatus: 'PACKED' }, 'u1', period)).toBe(false);
    expect(isEligibleForCommission({ ...order, createdAt: '2026-11-16T00:00:00.000Z' }, 'u1', period)).toBe(false);
    expect(isEligibleForCommission({ ...order, paidIn: '2026-10-B' }, 'u1', period)).toBe(false);
    expect(isEligibleForCommission({ ...order, paidIn: '2026-11-A' }, 'u1', period, '2026-11-A')).toBe(true);
  });
});

describe('pay', () => {
  it('hourly pay is rate × hours; salary pays its base; reimbursements add up', () => {
    expect(hourlyPay(2_250, 7.5)).toBe(16_875);
    expect(totalBasePay({ payType: 'HOURLY', baseRate: 2_000, hoursWorked: 80 })).toBe(160_000);
    expect(totalBasePay({ payType: 'SALARY', baseRate: 250_000, hoursWorked: 80 })).toBe(250_000);
    expect(reimbursementTotal([{ amount: 1_250 }, { amount: 4_999 }])).toBe(6_249);
    expect(rowTotalPay({ totalBasePay: 160_000, commission: 8_000, bonus: 5_000, reimbursement: 6_249 })).toBe(179_249);
  });
});

describe('who reads whose commission', () => {
  it('PAYROLL and ADMIN read anyone; others only themselves', () => {
    expect(readsCommissionOf({ userId: 'p', roles: ['PAYROLL'] }, 'u1')).toBe(true);
    expect(readsCommissionOf({ userId: 'a', roles: ['ADMIN'] }, 'u1')).toBe(true);
    expect(readsCommissionOf({ userId: 'a', roles: [], isAdmin: true }, 'u1')).toBe(true);
    expect(readsCommissionOf({ userId: 'u1', roles: ['SALES'] }, 'u1')).toBe(true);
    expect(readsCommissionOf({ userId: 'u2', roles: ['SALES'] }, 'u1')).toBe(false);
    expect(readsCommissionOf({ userId: 'd', roles: ['DRIVER', 'INVENTORY'] }, 'u1')).toBe(false);
  });
});

describe('the update body', () => {
  it('is the paid-orders body whenever it holds paidOrders: a bad one is refused at its field, never read as a row', () => {
    const bad = payrollUpdateBody.safeParse({ paidOrders: [{ orderId: 'o1', commission: 1e12 }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['paidOrders', 0, 'commission']);
    const good = payrollUpdateBody.parse({ paidOrders: [{ orderId: 'o1', commission: 2 }] });
    expect(isPaidOrdersBody(good)).toBe(true);
    const row = payrollUpdateBody.parse({ payType: 'HOURLY', baseRate: 20, hoursWorked: 7.5 });
    expect(isPaidOrdersBody(row)).toBe(false);
  });
});
