import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  MAX_RANGE_DAYS,
  type Statement,
  type StatementOrder,
  type StatementQuery,
  buildStatement,
  toDollars,
} from '@bo/shared';
import { BadRequestError } from '../../domain';
import { batchGet, get, queryAll } from '../core';
import { customerNotFound } from '../customers';
import { customerEntity } from '../customers/entity';
import { type OrderHeaderItem, balanceDueOf, orderEntity } from '../orders/entity';
import { paymentEntity } from '../payments/entity';
import { returnEntity } from '../returns/entity';
import { daysBefore, todayUtc as today } from '../range-bounds';

/**
 * A customer's statement (GET /db/customers/getStatement/{customerId}, issue 23): the window's orders and
 * payments (two Queries of the customers' indexes, from `from` on), its returns (one Query), the orders that owe now (one Query of the
 * `owing` index) and those the window's payments paid besides (one BatchGet), then the shared `buildStatement`.
 * Never the customer's whole history: the opening balance is what is owed now less the window's lines.
 */

const DEFAULT_DAYS = 30;

const ORDER_ATTRIBUTES = [
  'orderId',
  'orderNum',
  'createdAt',
  'orderStatus',
  'subtotalCents',
  'discountCents',
  'paidCents',
  'creditedCents',
  'customerID',
] as const;

/** The day halfway from `from` to `to` (YYYY-MM-DD). */
const midDay = (from: string, to: string): string =>
  new Date((Date.parse(`${from}T00:00:00Z`) + Date.parse(`${to}T00:00:00Z`)) / 2).toISOString().slice(0, 10);

const PAYMENT_ATTRIBUTES = ['paymentId', 'paymentDate', 'paymentMethod', 'applied', 'voidedOn'] as const;

const toStatementOrder = (o: Pick<OrderHeaderItem, (typeof ORDER_ATTRIBUTES)[number]>): StatementOrder => ({
  orderId: o.orderId,
  orderNum: o.orderNum,
  createdAt: o.createdAt,
  orderStatus: o.orderStatus,
  total: o.subtotalCents - o.discountCents,
  balanceDue: balanceDueOf(o),
});

export const STATEMENT_MESSAGES = {
  tooFarBack: (earliest: string) =>
    `A statement covers at most ${MAX_RANGE_DAYS} days up to today: it starts ${earliest} or later`,
  afterToday: 'A statement ends today at the latest',
} as const;

export async function getStatement(customerId: string, q: StatementQuery): Promise<Statement> {
  const now = today();
  const to = q.to ?? now;
  const from = q.from ?? daysBefore(to, DEFAULT_DAYS);
  if (to > now) throw new BadRequestError(STATEMENT_MESSAGES.afterToday);
  // The 400 days count both ends, as the range check of the query does.
  const earliest = daysBefore(now, MAX_RANGE_DAYS - 1);
  if (from < earliest) throw new BadRequestError(STATEMENT_MESSAGES.tooFarBack(earliest));
  const attributes = [...ORDER_ATTRIBUTES];
  // The window in two halves, each read by its own Query at the same time: a year of a busy customer is a few
  // pages of each, and pages of one Query follow one another.
  const mid = midDay(from, now);
  const halves = [
    { gte: from, lt: mid },
    { gte: mid, lt: undefined },
  ];
  const [customer, recentParts, owing, paymentParts, returns] = await Promise.all([
    get(customerEntity, { customerId }, { consistent: true }),
    Promise.all(
      halves.map((h) =>
        queryAll(
          orderEntity,
          'byCustomer',
          { customerID: customerId },
          {
            sort: h.lt ? { between: [{ createdAt: h.gte }, { createdAt: h.lt }] } : { gte: { createdAt: h.gte } },
            attributes,
          },
        ),
      ),
    ),
    // Owing orders from before the window (the window's own come with the Queries above).
    queryAll(
      orderEntity,
      'owing',
      {},
      { sort: { between: [{ customerID: customerId }, { customerID: customerId, createdAt: from }] }, attributes },
    ),
    Promise.all(
      halves.map((h) =>
        queryAll(
          paymentEntity,
          'byCustomer',
          { customerId },
          {
            sort: h.lt ? { between: [{ paymentDate: h.gte }, { paymentDate: h.lt }] } : { gte: { paymentDate: h.gte } },
            attributes: PAYMENT_ATTRIBUTES,
          },
        ),
      ),
    ),
    queryAll(returnEntity, 'byCustomer', { customerId }, { sort: { gte: { createdAt: from } } }),
  ]);
  const recent = recentParts.flat();
  const payments = paymentParts.flat();
  if (!customer) throw customerNotFound();
  const orders = new Map<string, StatementOrder>();
  for (const o of [...recent, ...owing]) if (o.customerID === customerId) orders.set(o.orderId, toStatementOrder(o));
  const paidElsewhere = [
    ...new Set([
      ...payments.flatMap((p) => (p.voidedOn ? [] : p.applied.map((a) => a.orderId))),
      ...returns.map((r) => r.orderId),
    ]),
  ].filter((id) => !orders.has(id));
  if (paidElsewhere.length)
    for (const o of await batchGet(
      orderEntity,
      paidElsewhere.map((orderId) => ({ orderId })),
    ))
      orders.set(o.orderId, toStatementOrder(o));

  const paymentTermsDays = customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const built = buildStatement({
    from,
    to,
    today: now,
    paymentTermsDays,
    orders: [...orders.values()],
    payments: payments.map((p) => ({
      paymentId: p.paymentId,
      paymentDate: p.paymentDate,
      paymentMethod: p.paymentMethod,
      applied: p.applied.map((a) => ({ orderId: a.orderId, orderNum: a.orderNum, amount: a.amountCents })),
      voided: Boolean(p.voidedOn),
    })),
    returns: returns.map((r) => ({
      returnId: r.returnId,
      creditNoteNum: r.creditNoteNum,
      orderId: r.orderId,
      orderNum: r.orderNum,
      date: r.createdAt.slice(0, 10),
      settlement: r.settlement,
      ...(r.method ? { method: r.method } : {}),
      amount: r.amountCents,
      appliedToOrder: r.appliedToOrderCents,
      refunded: r.settlement === 'REFUND' ? r.excessCents : 0,
    })),
  });
  return {
    customerId,
    customerName: customer.customerName,
    from,
    to,
    paymentTermsDays,
    openingBalance: toDollars(built.openingBalance),
    lines: built.lines.map((l) => ({ ...l, amount: toDollars(l.amount), balance: toDollars(l.balance) })),
    closingBalance: toDollars(built.closingBalance),
    ageing: {
      days0to30: toDollars(built.ageing.days0to30),
      days31to60: toDollars(built.ageing.days31to60),
      days61to90: toDollars(built.ageing.days61to90),
      over90: toDollars(built.ageing.over90),
    },
  };
}
