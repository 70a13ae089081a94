import { toCents, type Cents } from '../../money';
import type { OrderStatus } from '../../schemas/orders';
import { periodBounds, type PeriodRef } from './periods';

/** Commission (spec section 5 and 9): a rate in [0, 1] in steps of 0.01, 0.2 when none is set. */
export const DEFAULT_COMMISSION_RATE = 0.2;
export const QUICK_COMMISSION_RATES = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3] as const;
export const COMMISSION_RATE_STEP = 0.01;

/** A rate held to [0, 1] and to whole percents (0.125 → 0.13); not a number → the default. */
export function clampRate(rate: number | null | undefined): number {
  if (rate == null || !Number.isFinite(rate)) return DEFAULT_COMMISSION_RATE;
  return Math.round(Math.min(1, Math.max(0, rate)) * 100) / 100;
}

/** The rate a user's commission starts at: theirs when set, else 0.2. */
export const userCommissionRate = (user: { commissionRate?: number | null }): number =>
  user.commissionRate == null ? DEFAULT_COMMISSION_RATE : clampRate(user.commissionRate);

/**
 * An order as commission sees it, in cents. Commission is on what was sold: the spec's "subtotal" is read as the
 * order's subtotal net of its discount (`dollarAdjustment`), the Total the screen shows, so a rep earns nothing
 * on a discount they gave and every figure adds up from the screen's columns (issue 23). `adjustedCost`
 * replaces `cost` when set (Reset Cost clears it).
 */
export interface CommissionOrder {
  subtotal: Cents;
  /** The order's discount; required, so no caller can count commission on money not charged. */
  discount: Cents;
  cost: Cents;
  adjustedCost?: Cents | null;
}

/** An order as the eligible-orders answer gives it (dollars; cost left out for some roles), in cents. */
export const commissionOrderOf = (
  o: { subtotal: number; total: number; cost?: number | null },
  adjustedCost: Cents | null = null,
): CommissionOrder & { adjustedCost: Cents | null } => ({
  subtotal: toCents(o.subtotal),
  discount: toCents(o.subtotal) - toCents(o.total),
  cost: typeof o.cost === 'number' ? toCents(o.cost) : 0,
  adjustedCost,
});

/** What the order sold for: its subtotal less its discount (the Total column). */
export const soldValue = (o: Pick<CommissionOrder, 'subtotal' | 'discount'>): Cents => o.subtotal - o.discount;

/** The cost commission counts: the adjusted cost when set, else the order's. */
export const effectiveCost = (o: Pick<CommissionOrder, 'cost' | 'adjustedCost'>): Cents => o.adjustedCost ?? o.cost;

/** What it sold for − cost (may be negative: an order sold below cost). */
export const grossProfit = (o: CommissionOrder): Cents => soldValue(o) - effectiveCost(o);

/** Gross profit as a percent of what was sold (0 for an empty order), one decimal. */
export const grossPercent = (o: { value: Cents; grossProfit: Cents }): number =>
  o.value > 0 ? Math.round((o.grossProfit / o.value) * 1000) / 10 : 0;

/** Commission of one order: the larger of its gross profit and 0, times the rate, to the cent. */
export const orderCommission = (o: CommissionOrder, rate: number): Cents =>
  Math.round(Math.max(grossProfit(o), 0) * clampRate(rate));

export interface CommissionTotals {
  orderValue: Cents;
  cost: Cents;
  grossProfit: Cents;
  commission: Cents;
  netProfit: Cents;
  /** Gross profit as a percent of the order value. */
  grossPercent: number;
}

/**
 * The summary of the orders to be paid (spec section 2): Total Order Value (what they sold for, after their
 * discounts: the sum of the Total column), Total Order Cost, Total Gross Profit, Total Commission and Total Net
 * Profit (gross profit − commission). Each order's commission is rounded to the cent first, so the total is the
 * sum of what each row shows.
 */
export function commissionTotals(orders: readonly CommissionOrder[], rate: number): CommissionTotals {
  let orderValue = 0;
  let cost = 0;
  let commission = 0;
  for (const o of orders) {
    orderValue += soldValue(o);
    cost += effectiveCost(o);
    commission += orderCommission(o, rate);
  }
  const gross = orderValue - cost;
  return {
    orderValue,
    cost,
    grossProfit: gross,
    commission,
    netProfit: gross - commission,
    grossPercent: grossPercent({ value: orderValue, grossProfit: gross }),
  };
}

/** The messages the API refuses a paid order with (issue 14), naming the order. */
export const PAYROLL_MESSAGES = {
  negativeCost: (orderNum: string) => `Order ${orderNum}: the cost can't be below 0`,
  commissionAboveProfit: (orderNum: string) => `Order ${orderNum}: the commission is more than its gross profit`,
  notEligible: (orderNum: string) => `Order ${orderNum} can't be paid in this period`,
  alreadyPaid: (orderNum: string) => `Order ${orderNum} is already paid in another period`,
  submitted: 'This pay period is submitted; it can no longer change',
  rateRange: 'Commission rate must be between 0 and 1',
} as const;

/**
 * Why a paid order's figures are refused, or undefined: a cost below 0, or a commission above the order's
 * gross profit (more than the whole margin; a commission on a loss-making order must be 0).
 */
export function paidOrderRefusal(order: CommissionOrder & { orderNum: string }, commission: Cents): string | undefined {
  if (effectiveCost(order) < 0) return PAYROLL_MESSAGES.negativeCost(order.orderNum);
  if (commission < 0 || commission > Math.max(grossProfit(order), 0))
    return PAYROLL_MESSAGES.commissionAboveProfit(order.orderNum);
  return undefined;
}

/** Statuses whose orders earn commission (spec section 4: COMPLETED or DELIVERED). */
export const COMMISSION_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COMPLETED'];

/** An order as the eligibility rule sees it. */
export interface EligibilityOrder {
  accountOwnerID?: string | null;
  orderStatus: OrderStatus;
  /** ISO date-time of creation. */
  createdAt: string;
  /** The period key it is paid in, if any (`periodKey`). */
  paidIn?: string | null;
}

/**
 * Whether an order may be paid as a user's commission in a period (issue 14): the customer's account owner is
 * the user, the status is DELIVERED or COMPLETED, it was created on or before the period's last day, and it is
 * not paid in any period — or it is paid in this very period (it stays in its to-be-paid list).
 */
export function isEligibleForCommission(
  order: EligibilityOrder,
  userId: string,
  period: PeriodRef,
  thisPeriodKey?: string,
): boolean {
  if (order.accountOwnerID !== userId) return false;
  if (!COMMISSION_STATUSES.includes(order.orderStatus)) return false;
  if (order.createdAt.slice(0, 10) > periodBounds(period).last) return false;
  return !order.paidIn || order.paidIn === thisPeriodKey;
}
