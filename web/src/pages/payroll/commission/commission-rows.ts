import {
  commissionOrderOf,
  effectiveCost,
  grossPercent,
  grossProfit,
  orderCommission,
  soldValue,
  toCents,
  type Cents,
  type EligibleOrder,
} from '@bo/shared';

/** One eligible order in cents, with the cost commission counts (`adjustedCost`: null = the order's own). */
export interface CommissionRow {
  orderId: string;
  orderNum: string;
  orderStatus: string;
  paymentStatus: string;
  createdAt: string;
  customerName: string;
  brand: string;
  total: Cents;
  subtotal: Cents;
  /** The order's discount: subtotal − total. Commission counts the total (`soldValue`). */
  discount: Cents;
  cost: Cents;
  adjustedCost: Cents | null;
  /**
   * The API leaves cost out for roles that may not see it (shared `redactCosts`: SALES reading their own): the
   * cost figures are then unknown, and the commission shown is the one payroll saved.
   */
  costHidden: boolean;
  savedCommission: Cents | null;
}

export const toCommissionRow = (
  o: EligibleOrder,
  adjustedCost: Cents | null,
  savedCommission: Cents | null,
  /** The viewer's `canSeeCosts`: without it the cost figures stay hidden whatever the answer held. */
  seesCosts: boolean,
): CommissionRow => ({
  orderId: o.orderId,
  orderNum: o.orderNum,
  orderStatus: o.orderStatus,
  paymentStatus: o.paymentStatus,
  createdAt: o.createdAt,
  customerName: o.customerName,
  brand: o.brands.join(', '),
  total: toCents(o.total),
  ...commissionOrderOf(o, adjustedCost),
  costHidden: !seesCosts || typeof o.cost !== 'number',
  savedCommission,
});

/** A row's figures from the shared commission rules. */
export function rowFigures(row: CommissionRow, rate: number) {
  const gross = grossProfit(row);
  return {
    cost: effectiveCost(row),
    grossProfit: gross,
    grossPercent: grossPercent({ value: soldValue(row), grossProfit: gross }),
    commission: orderCommission(row, rate),
    netProfit: gross - orderCommission(row, rate),
  };
}

/** The bulk add/remove buttons (spec section 2): 'Paid' is the payment status, the others the order status. */
export const BULK_FILTERS = [
  { id: 'all', label: 'All', matches: () => true },
  { id: 'paid', label: 'Paid', matches: (r: CommissionRow) => r.paymentStatus === 'PAID' },
  { id: 'delivered', label: 'Delivered', matches: (r: CommissionRow) => r.orderStatus === 'DELIVERED' },
  { id: 'completed', label: 'Completed', matches: (r: CommissionRow) => r.orderStatus === 'COMPLETED' },
] as const;
