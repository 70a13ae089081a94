import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildStatement,
  owedBalance,
  receivablesAgeing,
  type OrderStatus,
  type StatementInput,
  type StatementOrder,
  type StatementPayment,
  type StatementReturn,
} from '../src/index';

/**
 * Customer statements (issue 23, section 4): the closing balance to today is the receivables figure, the opening
 * balance of the whole history is 0, a period's closing balance is the next period's opening one, and the
 * ageing adds up to the closing balance — over random histories of orders, payments and voids.
 */

const TODAY = '2026-11-27';
const DAY = 86_400_000;
const dayAt = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - offset * DAY).toISOString().slice(0, 10);

describe('a statement, by hand', () => {
  const orders: StatementOrder[] = [
    {
      orderId: 'o1',
      orderNum: '1001',
      createdAt: '2026-09-01T15:00:00.000Z',
      orderStatus: 'DELIVERED',
      total: 50_000,
      balanceDue: 20_000,
    },
    {
      orderId: 'o2',
      orderNum: '1002',
      createdAt: '2026-11-10T15:00:00.000Z',
      orderStatus: 'RECEIVED',
      total: 12_050,
      balanceDue: 12_050,
    },
    {
      orderId: 'o3',
      orderNum: '1003',
      createdAt: '2026-11-12T15:00:00.000Z',
      orderStatus: 'CANCELLED',
      total: 9_900,
      balanceDue: 9_900,
    },
  ];
  const payments: StatementPayment[] = [
    {
      paymentId: 'p1',
      paymentDate: '2026-11-15',
      paymentMethod: 'CHECK',
      applied: [{ orderId: 'o1', orderNum: '1001', amount: 30_000 }],
      voided: false,
    },
    { paymentId: 'p2', paymentDate: '2026-11-16', paymentMethod: 'CASH', applied: [], voided: false },
    {
      paymentId: 'p3',
      paymentDate: '2026-11-17',
      paymentMethod: 'CARD',
      applied: [{ orderId: 'o2', orderNum: '1002', amount: 5_000 }],
      voided: true,
    },
  ];
  const input: StatementInput = { from: '2026-11-01', to: TODAY, today: TODAY, paymentTermsDays: 30, orders, payments };

  it('opens with what was owed at the start, lists invoices and payments with a running balance, and ages by the terms', () => {
    expect(buildStatement(input)).toEqual({
      openingBalance: 50_000,
      lines: [
        { date: '2026-11-10', type: 'INVOICE', reference: '1002', amount: 12_050, balance: 62_050, orderId: 'o2' },
        {
          date: '2026-11-15',
          type: 'PAYMENT',
          reference: 'Check: 1001',
          amount: -30_000,
          balance: 32_050,
          paymentId: 'p1',
        },
        {
          date: '2026-11-16',
          type: 'PAYMENT',
          reference: 'Cash: to credit',
          amount: 0,
          balance: 32_050,
          paymentId: 'p2',
        },
      ],
      closingBalance: 32_050,
      // 1001 is 87 days old: 57 days past its 30-day terms; 1002 is not due yet.
      ageing: { days0to30: 12_050, days31to60: 20_000, days61to90: 0, over90: 0 },
    });
  });

  it('a period ending before today: what was paid after it still counts as owed at its end', () => {
    expect(buildStatement({ ...input, to: '2026-11-14' })).toMatchObject({
      openingBalance: 50_000,
      closingBalance: 62_050,
      ageing: { days0to30: 12_050, days31to60: 50_000 },
    });
  });
});

/** A random history: orders on days 0–199 back, payments after their orders, some voided. */
const history = fc
  .array(
    fc.record({
      age: fc.integer({ min: 0, max: 199 }),
      total: fc.integer({ min: 0, max: 100_000 }),
      status: fc.constantFrom<OrderStatus>('RECEIVED', 'DELIVERED', 'COMPLETED', 'DRAFT', 'CANCELLED', 'REFUNDED'),
      pays: fc.array(fc.record({ share: fc.integer({ min: 1, max: 100 }), later: fc.nat(30), voided: fc.boolean() }), {
        maxLength: 3,
      }),
      returns: fc.array(
        fc.record({ share: fc.integer({ min: 1, max: 100 }), later: fc.nat(30), refund: fc.boolean() }),
        { maxLength: 2 },
      ),
    }),
    { maxLength: 25 },
  )
  .map((plans) => {
    const orders: StatementOrder[] = [];
    const payments: StatementPayment[] = [];
    const returns: StatementReturn[] = [];
    plans.forEach((plan, i) => {
      const orderId = `o${i}`;
      let paid = 0;
      plan.pays.forEach((pay, k) => {
        if (plan.status === 'DRAFT') return;
        const amount = Math.floor(((plan.total - paid) * pay.share) / 100);
        if (!pay.voided) paid += amount;
        payments.push({
          paymentId: `p${i}-${k}`,
          paymentDate: dayAt(Math.max(0, plan.age - pay.later)),
          paymentMethod: 'CASH',
          applied: amount > 0 ? [{ orderId, orderNum: String(1000 + i), amount }] : [],
          voided: pay.voided,
        });
      });
      // Returns of delivered goods: a credit note first lowers what the order owes, the rest is credit or refund.
      let returned = 0;
      plan.returns.forEach((r, k) => {
        if (plan.status !== 'DELIVERED' && plan.status !== 'COMPLETED') return;
        const amount = Math.floor(((plan.total - returned) * r.share) / 100);
        returned += amount;
        const appliedToOrder = Math.min(amount, plan.total - paid);
        paid += appliedToOrder;
        returns.push({
          returnId: `r${i}-${k}`,
          creditNoteNum: `CN-${i}-${k}`,
          orderId,
          orderNum: String(1000 + i),
          date: dayAt(Math.max(0, plan.age - r.later)),
          settlement: r.refund ? 'REFUND' : 'CREDIT',
          ...(r.refund ? { method: 'CHECK' as const } : {}),
          amount,
          appliedToOrder,
          refunded: r.refund ? amount - appliedToOrder : 0,
        });
      });
      orders.push({
        orderId,
        orderNum: String(1000 + i),
        createdAt: `${dayAt(plan.age)}T12:00:00.000Z`,
        orderStatus: plan.status,
        total: plan.total,
        balanceDue: plan.total - paid,
      });
    });
    return { orders, payments, returns };
  });

/**
 * What the server reads for a window from `from`: its orders, payments and returns, and every order owing, paid
 * or returned in it.
 */
function windowFrom(
  h: { orders: StatementOrder[]; payments: StatementPayment[]; returns: StatementReturn[] },
  from: string,
) {
  const payments = h.payments.filter((p) => p.paymentDate >= from);
  const returns = h.returns.filter((r) => r.date >= from);
  const touched = new Set([
    ...payments.flatMap((p) => p.applied.map((a) => a.orderId)),
    ...returns.map((r) => r.orderId),
  ]);
  const orders = h.orders.filter(
    (o) => o.createdAt.slice(0, 10) >= from || touched.has(o.orderId) || owedBalance(o) > 0,
  );
  return { orders, payments, returns };
}

describe('properties', () => {
  it('to today the closing balance is the receivables figure; over the whole history the opening balance is 0', () => {
    fc.assert(
      fc.property(history, (h) => {
        const all = buildStatement({ from: dayAt(400), to: TODAY, today: TODAY, paymentTermsDays: 30, ...h });
        const receivables = receivablesAgeing(
          h.orders.map((o) => ({
            customerId: 'c',
            customerName: 'C',
            orderStatus: o.orderStatus,
            createdAt: o.createdAt,
            balanceDue: o.balanceDue,
          })),
          TODAY,
        );
        expect(all.openingBalance).toBe(0);
        expect(all.closingBalance).toBe(receivables[0]?.balanceDue ?? 0);
        expect(all.lines.at(-1)?.balance ?? all.openingBalance).toBe(all.closingBalance);
      }),
    );
  });

  it("a period's closing balance is the next one's opening balance, read from its own window; the ageing adds up", () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: 190 }), fc.integer({ min: 1, max: 9 }), (h, back, width) => {
        const from = dayAt(back);
        const to = dayAt(Math.max(0, back - width));
        const next = dayAt(Math.max(0, back - width) - 1);
        const first = buildStatement({ from, to, today: TODAY, paymentTermsDays: 30, ...windowFrom(h, from) });
        const ageing = first.ageing.days0to30 + first.ageing.days31to60 + first.ageing.days61to90 + first.ageing.over90;
        expect(ageing).toBe(first.closingBalance);
        if (to < TODAY) {
          const second = buildStatement({
            from: next,
            to: TODAY,
            today: TODAY,
            paymentTermsDays: 30,
            ...windowFrom(h, next),
          });
          expect(second.openingBalance).toBe(first.closingBalance);
        }
      }),
    );
  });
});
