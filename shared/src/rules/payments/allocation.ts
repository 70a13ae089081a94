import type { Cents } from '../../money';

/** An order the Apply To table offers, in the table's order. */
export interface PayableOrder {
  orderId: string;
  balanceDue: Cents;
}

export interface Allocation {
  orderId: string;
  amount: Cents;
}

/** Single tab: the one selected order takes the funds, up to its balance (a zero-balance order takes none). */
export const singleAllocation = (funds: Cents, order: PayableOrder): Allocation[] =>
  order.balanceDue > 0 ? [{ orderId: order.orderId, amount: Math.max(0, Math.min(funds, order.balanceDue)) }] : [];

/**
 * 'Balance to selected orders': fills the selected orders in the table's order, each up to its balance,
 * until the funds run out; orders the funds no longer reach get 0 (and so ask for an amount).
 */
export function balanceToSelected(funds: Cents, selected: readonly PayableOrder[]): Allocation[] {
  let left = Math.max(0, funds);
  return selected
    .filter((o) => o.balanceDue > 0)
    .map((o) => {
      const amount = Math.min(left, o.balanceDue);
      left -= amount;
      return { orderId: o.orderId, amount };
    });
}
