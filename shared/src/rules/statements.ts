import { formatUsd, type Cents } from '../money';
import type { OrderStatus } from '../schemas/orders';
import type { PaymentMethod } from '../schemas/payments';
import type { StatementLineType } from '../schemas/statements';
import { ageingBucket, daysSince } from './payments/ageing';
import { NOT_PAYABLE_STATUSES } from './payments/amounts';

/**
 * A customer's statement (issue 23, section 4), in cents. What a customer owes is the sum of what their orders
 * owe (`owedBalance`: an order that is not a draft, cancelled or refunded owes its total less the payments applied
 * to it), so the statement's lines are the events that move it:
 * - an INVOICE per such order, on its order date, for its total;
 * - a PAYMENT per payment that is not void, on its payment date, less what it applied to such orders (what it put
 *   to credit does not lower what is owed; a void payment's effects were reversed, so it is left out);
 * - a CREDIT_NOTE per return (section 3) and a REFUND when it paid money back (`returnEvents`).
 * The closing balance to today is what the customer owes now (the receivables figure); the opening balance at
 * `from` is that less every line from `from` on, so only the window is read, never the whole history. Ageing
 * splits the closing balance by days past due (the order date plus the terms) as of `to`.
 */

export interface StatementOrder {
  orderId: string;
  orderNum: string;
  /** ISO instant. */
  createdAt: string;
  orderStatus: OrderStatus;
  total: Cents;
  /** What it owes now: total − applied. */
  balanceDue: Cents;
}

export interface StatementPayment {
  paymentId: string;
  /** YYYY-MM-DD. */
  paymentDate: string;
  paymentMethod: PaymentMethod;
  applied: ReadonlyArray<{ orderId: string; orderNum: string; amount: Cents }>;
  voided: boolean;
}

export interface StatementInput {
  from: string;
  to: string;
  today: string;
  paymentTermsDays: number;
  /** Every order created from `from` to today, and every order still owing or paid by a payment of the window. */
  orders: readonly StatementOrder[];
  /** Every payment dated from `from` to today. */
  payments: readonly StatementPayment[];
  /** Every return (credit note) made from `from` to today. */
  returns?: readonly StatementReturn[];
}

export interface StatementReturn {
  returnId: string;
  creditNoteNum: string;
  orderId: string;
  orderNum: string;
  /** YYYY-MM-DD, the day it was made. */
  date: string;
  settlement: 'CREDIT' | 'REFUND';
  method?: PaymentMethod;
  /** The credit note's worth, the part that lowered what the order owed, the part paid back. */
  amount: Cents;
  appliedToOrder: Cents;
  refunded: Cents;
}

export interface StatementLineCents {
  date: string;
  type: StatementLineType;
  reference: string;
  amount: Cents;
  balance: Cents;
  orderId?: string;
  paymentId?: string;
  returnId?: string;
}

export interface StatementCents {
  openingBalance: Cents;
  lines: StatementLineCents[];
  closingBalance: Cents;
  ageing: { days0to30: Cents; days31to60: Cents; days61to90: Cents; over90: Cents };
}

const counts = (o: Pick<StatementOrder, 'orderStatus'>) => !NOT_PAYABLE_STATUSES.includes(o.orderStatus);
const dayOf = (iso: string) => iso.slice(0, 10);
const METHOD = { CASH: 'Cash', CHECK: 'Check', CARD: 'Card' } as const;

interface Event {
  date: string;
  type: StatementLineType;
  reference: string;
  amount: Cents;
  orderId?: string;
  paymentId?: string;
  returnId?: string;
}

const TYPE_RANK: Record<StatementLineType, number> = { INVOICE: 0, PAYMENT: 1, CREDIT_NOTE: 2, REFUND: 3 };

/**
 * A return's lines: its CREDIT_NOTE lowers the balance by what it took off the order, and by all it is worth when
 * the rest was paid back, with that REFUND raising it again; the part put to credit (like a payment's) does not
 * lower what is owed, so the line names it instead.
 */
function returnEvents(r: StatementReturn): Event[] {
  const toCredit = r.settlement === 'CREDIT' ? r.amount - r.appliedToOrder : 0;
  const base = { date: r.date, orderId: r.orderId, returnId: r.returnId };
  const credit: Event = {
    ...base,
    type: 'CREDIT_NOTE',
    reference: `${r.creditNoteNum} for ${r.orderNum}${toCredit > 0 ? ` (${formatUsd(toCredit)} to credit)` : ''}`,
    amount: r.settlement === 'REFUND' ? -r.amount : r.appliedToOrder > 0 ? -r.appliedToOrder : 0,
  };
  if (r.refunded <= 0) return [credit];
  const method = r.method ? `${METHOD[r.method]}: ` : '';
  return [credit, { ...base, type: 'REFUND', reference: `${method}${r.creditNoteNum} paid back`, amount: r.refunded }];
}

export function buildStatement(input: StatementInput): StatementCents {
  const byId = new Map(input.orders.map((o) => [o.orderId, o]));
  const events: Event[] = [];
  for (const o of input.orders)
    if (counts(o) && dayOf(o.createdAt) >= input.from)
      events.push({
        date: dayOf(o.createdAt),
        type: 'INVOICE',
        reference: o.orderNum,
        amount: o.total,
        orderId: o.orderId,
      });
  const appliedAfterTo = new Map<string, Cents>();
  for (const p of input.payments) {
    if (p.voided || p.paymentDate < input.from) continue;
    const applied = p.applied.filter((a) => {
      const order = byId.get(a.orderId);
      return order !== undefined && counts(order);
    });
    const amount = applied.reduce((sum, a) => sum + a.amount, 0);
    const orders = applied.map((a) => a.orderNum).join(', ');
    events.push({
      date: p.paymentDate,
      type: 'PAYMENT',
      reference: orders ? `${METHOD[p.paymentMethod]}: ${orders}` : `${METHOD[p.paymentMethod]}: to credit`,
      amount: amount === 0 ? 0 : -amount,
      paymentId: p.paymentId,
    });
    if (p.paymentDate > input.to)
      for (const a of applied) appliedAfterTo.set(a.orderId, (appliedAfterTo.get(a.orderId) ?? 0) + a.amount);
  }
  for (const r of input.returns ?? []) {
    const order = byId.get(r.orderId);
    if (r.date < input.from || (order && !counts(order))) continue;
    events.push(...returnEvents(r));
    if (r.date > input.to && r.appliedToOrder > 0)
      appliedAfterTo.set(r.orderId, (appliedAfterTo.get(r.orderId) ?? 0) + r.appliedToOrder);
  }
  // Date order; on one day invoices, payments, credit notes, refunds, then by reference, so the order is stable.
  events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || TYPE_RANK[a.type] - TYPE_RANK[b.type] || a.reference.localeCompare(b.reference),
  );
  const owedNow = input.orders.filter(counts).reduce((sum, o) => sum + o.balanceDue, 0);
  const openingBalance = owedNow - events.reduce((sum, e) => sum + e.amount, 0);
  let balance = openingBalance;
  const lines: StatementLineCents[] = [];
  for (const e of events) {
    if (e.date > input.to) continue;
    balance += e.amount;
    lines.push({ ...e, balance });
  }
  const ageing = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const o of input.orders) {
    if (!counts(o) || dayOf(o.createdAt) > input.to) continue;
    const owedAtTo = o.balanceDue + (appliedAfterTo.get(o.orderId) ?? 0);
    if (owedAtTo === 0) continue;
    const pastDue = Math.max(0, daysSince(o.createdAt, input.to) - input.paymentTermsDays);
    ageing[ageingBucket(pastDue)] += owedAtTo;
  }
  return { openingBalance, lines, closingBalance: balance, ageing };
}
