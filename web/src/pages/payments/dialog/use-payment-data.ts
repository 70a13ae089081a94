import {
  canTakePayment,
  editBaseline,
  isFullyReturned,
  toCents,
  type Cents,
  type OrderStatus,
  type OrderSummary,
  type PaymentEffect,
  type PaymentStatus,
} from '@bo/shared';
import { useApiQuery } from '../../../api/hooks';

/** One order of the Apply To table, in cents; on edit with the balance as if the edited payment had not been made. */
export interface PayRow {
  orderId: string;
  orderNum: string;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  brand: string;
  /** The order's total, as its page shows it. */
  orderTotal: Cents;
  /** What the order costs now (the rules' total): less what returns' credit notes took off what it owed. */
  total: Cents;
  balanceDue: Cents;
  fullyReturned?: boolean;
}

const toRow = (o: OrderSummary): PayRow => ({
  orderId: o.id,
  orderNum: o.orderNum,
  orderStatus: o.orderStatus,
  paymentStatus: o.paymentStatus,
  brand: (o.brands ?? []).join(', '),
  orderTotal: toCents(o.total),
  total: toCents(o.total) - toCents(o.returns?.credited ?? 0),
  balanceDue: toCents(o.balanceDue),
  ...(isFullyReturned(o.returns?.units ?? 0, o.unitQuantity) ? { fullyReturned: true } : {}),
});

/**
 * The customer's orders and available credit for the dialog. `old` (edit) is the stored payment's effect: the
 * balances and the credit the form may use then start from `editBaseline`, while each row's payment status and
 * `now` stay as the records are (what the dialog's outcome starts from). Orders that can take a payment come
 * first, the rest after them, greyed (each group newest first, as the API answers).
 */
export function usePaymentData(customerId: string | null, old?: PaymentEffect) {
  const enabled = customerId !== null;
  const params = { customerId: customerId ?? '' };
  const orders = useApiQuery('orders.getByCustomer', { params }, { enabled });
  const credit = useApiQuery('customers.getAvailableCredit', { params }, { enabled });

  const current: PayRow[] = (orders.data ?? []).map(toRow);
  const creditNow: Cents = toCents(credit.data?.creditAvailable ?? 0);
  let rows = current;
  let availableCredit = creditNow;
  if (old && orders.data && credit.data) {
    const base = editBaseline(
      rows.map((r) => ({
        orderId: r.orderId,
        total: r.total,
        balanceDue: r.balanceDue,
        orderStatus: r.orderStatus,
        paymentStatus: r.paymentStatus,
        ...(r.fullyReturned ? { fullyReturned: true } : {}),
      })),
      availableCredit,
      old,
    );
    rows = rows.map((r, i) => ({ ...r, balanceDue: base.orders[i]!.balanceDue }));
    availableCredit = base.availableCredit;
  }
  rows = [...rows.filter((r) => canTakePayment(r)), ...rows.filter((r) => !canTakePayment(r))];
  return {
    rows,
    availableCredit,
    /** The orders and the credit as they are now, before this dialog saves anything. */
    now: { rows: current, credit: creditNow },
    orders,
    credit,
    ready: enabled && orders.isSuccess && credit.isSuccess,
  };
}
