import {
  canTakePayment,
  editBaseline,
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
  total: Cents;
  balanceDue: Cents;
}

const toRow = (o: OrderSummary): PayRow => ({
  orderId: o.id,
  orderNum: o.orderNum,
  orderStatus: o.orderStatus,
  paymentStatus: o.paymentStatus,
  brand: (o.brands ?? []).join(', '),
  total: toCents(o.total),
  balanceDue: toCents(o.balanceDue),
});

/**
 * The customer's orders and available credit for the dialog. `old` (edit) is the stored payment's effect: the
 * rows and the credit then start from `editBaseline`. Orders that can take a payment come first, the rest after
 * them, greyed (each group newest first, as the API answers).
 */
export function usePaymentData(customerId: string | null, old?: PaymentEffect) {
  const enabled = customerId !== null;
  const params = { customerId: customerId ?? '' };
  const orders = useApiQuery('orders.getByCustomer', { params }, { enabled });
  const credit = useApiQuery('customers.getAvailableCredit', { params }, { enabled });

  let rows: PayRow[] = (orders.data ?? []).map(toRow);
  let availableCredit: Cents = toCents(credit.data?.creditAvailable ?? 0);
  if (old && orders.data && credit.data) {
    const base = editBaseline(
      rows.map((r) => ({
        orderId: r.orderId,
        total: r.total,
        balanceDue: r.balanceDue,
        paymentStatus: r.paymentStatus,
      })),
      availableCredit,
      old,
    );
    rows = rows.map((r, i) => ({
      ...r,
      balanceDue: base.orders[i]!.balanceDue,
      paymentStatus: base.orders[i]!.paymentStatus,
    }));
    availableCredit = base.availableCredit;
  }
  rows = [...rows.filter((r) => canTakePayment(r)), ...rows.filter((r) => !canTakePayment(r))];
  return {
    rows,
    availableCredit,
    orders,
    credit,
    ready: enabled && orders.isSuccess && credit.isSuccess,
  };
}
