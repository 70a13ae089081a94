import { MAX_RANGE_DAYS, toCents, toDollars, type OrderSummary, type PaymentMethod } from '@bo/shared';
import {
  getCustomerItem,
  listCustomerItems,
  listOrdersOfCustomer,
  listPayments,
  recordPayment,
  type Actor,
} from '@bo/functions/data';

/**
 * Demo payments, recorded through `recordPayment` (the API's own path: rules, one conditional transaction,
 * order balances and statuses, credit, change log), so the demo orders are paid by real payments:
 * - a customer's completed orders: one split payment by check, rounded up to the next $50, the remainder
 *   going to the customer's credit;
 * - their oldest delivered order: half of it in cash (PARTIAL);
 * - their next delivered order: in full by card, with up to half of it from their credit (credit used).
 * The other orders stay unpaid, so the receivables view has balances of several ages. Payments are dated a
 * few days after the orders they pay (never after today). Seeds only when no payment of the last 400 days
 * exists, so kept data is left alone. Deterministic: it follows the demo orders.
 */

const DAY = 86_400_000;
const LATER_DAYS = 3;

const dayAfter = (orders: readonly OrderSummary[]): string => {
  const newest = Math.max(...orders.map((o) => Date.parse(o.createdAt)));
  return new Date(Math.min(Date.now(), newest + LATER_DAYS * DAY)).toISOString().slice(0, 10);
};

const oldestFirst = (a: OrderSummary, b: OrderSummary) => a.createdAt.localeCompare(b.createdAt);

export async function seedPayments(actor: Actor): Promise<{ payments: number; ms: number }> {
  const started = Date.now();
  const today = new Date().toISOString().slice(0, 10);
  // The widest range payments/getAll reads: MAX_RANGE_DAYS calendar days, today included.
  const from = new Date(Date.now() - (MAX_RANGE_DAYS - 1) * DAY).toISOString().slice(0, 10);
  if ((await listPayments({ from, to: today })).length > 0) return { payments: 0, ms: 0 };
  let payments = 0;
  const pay = async (
    customerId: string,
    orders: readonly OrderSummary[],
    amounts: readonly number[],
    amount: number,
    paymentMethod: PaymentMethod,
    notes: string,
    customerCreditDeducted = 0,
  ) => {
    await recordPayment(
      customerId,
      {
        amount,
        paymentDate: dayAfter(orders),
        appliedPayments: orders.map((o, i) => ({ orderId: o.id, amount: amounts[i]! })),
        customerCreditDeducted,
        paymentMethod,
        notes,
      },
      actor,
    );
    payments++;
  };

  for (const customer of await listCustomerItems()) {
    const owing = (await listOrdersOfCustomer(customer.customerId)).filter((o) => o.balanceDue > 0).sort(oldestFirst);
    const completed = owing.filter((o) => o.orderStatus === 'COMPLETED').slice(0, 30);
    const delivered = owing.filter((o) => o.orderStatus === 'DELIVERED');
    if (completed.length > 0) {
      const due = completed.reduce((sum, o) => sum + toCents(o.balanceDue), 0);
      const rounded = Math.ceil((due + 1) / 5_000) * 5_000;
      await pay(
        customer.customerId,
        completed,
        completed.map((o) => o.balanceDue),
        toDollars(rounded),
        'CHECK',
        completed.length > 1 ? 'One check for several orders' : 'Paid by check',
      );
    }
    const [first, second] = delivered;
    if (first) {
      const half = toDollars(Math.round(toCents(first.balanceDue) / 2));
      await pay(customer.customerId, [first], [half], half, 'CASH', 'Half on delivery');
    }
    if (second) {
      const credit = (await getCustomerItem(customer.customerId))?.creditCents ?? 0;
      // Credit covers at most half, so the card pays the rest.
      const used = Math.min(credit, Math.floor(toCents(second.balanceDue) / 2));
      await pay(
        customer.customerId,
        [second],
        [second.balanceDue],
        toDollars(toCents(second.balanceDue) - used),
        'CARD',
        used > 0 ? 'Card, with account credit' : 'Card',
        toDollars(used),
      );
    }
  }
  return { payments, ms: Date.now() - started };
}
