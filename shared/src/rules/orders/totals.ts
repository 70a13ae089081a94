import { toCents, toDollars, type Cents } from '../../money';
import type { CartLine } from '../../schemas/orders';

/**
 * Order money (spec sections 3 and 5), in integer cents.
 *
 * - A line's subtotal is quantity × unitPrice. `unitPrice` is the price actually charged (the customer's
 *   custom price where set, else the base price); the line's `priceAdjustment` is already inside it and is
 *   never added again.
 * - The order's subtotal is the sum of the lines' subtotals; `unitQuantity` the sum of quantities; `cost` the
 *   sum of productCost × quantity (a line without a cost, as redacted for roles that may not see costs,
 *   counts 0).
 * - The discount (`dollarAdjustment`) is a dollar amount between 0 and the subtotal; total = subtotal −
 *   discount; balanceDue = total − payments applied, never below 0.
 */

export type PricedLine = Pick<CartLine, 'quantity' | 'unitPrice'> & Partial<Pick<CartLine, 'productCost'>>;

const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high);

export const lineSubtotalCents = (line: Pick<CartLine, 'quantity' | 'unitPrice'>): Cents =>
  Math.round(line.quantity * toCents(line.unitPrice));
/** A line's subtotal in dollars, for the wire. */
export const lineSubtotal = (line: Pick<CartLine, 'quantity' | 'unitPrice'>): number =>
  toDollars(lineSubtotalCents(line));

/** The per-unit difference from the base price that a charged price carries, in dollars. */
export const priceAdjustmentOf = (unitPrice: number, basePrice: number): number =>
  toDollars(toCents(unitPrice) - toCents(basePrice));

/**
 * The discount box (spec section 5): a non-number becomes null (empty), a negative becomes 0, anything
 * above the cart subtotal is capped at it. Input in dollars (typed text, where '$', ',' and spaces are
 * ignored, or a number), result in cents.
 */
export function normalizeDiscount(input: string | number | null | undefined, subtotal: Cents): Cents | null {
  let dollars: number;
  if (typeof input === 'number') dollars = input;
  else if (typeof input === 'string') {
    // Currency formatting ('$1,250.00') is allowed; any other character makes it not a number.
    const text = input.replace(/[\s$,]/g, '');
    dollars = /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  } else return null;
  if (!Number.isFinite(dollars)) return null;
  return clamp(toCents(dollars), 0, Math.max(0, subtotal));
}

export interface OrderTotals {
  unitQuantity: number;
  subtotal: Cents;
  cost: Cents;
  /** The discount applied: between 0 and the subtotal. */
  discount: Cents;
  total: Cents;
  balanceDue: Cents;
}

/**
 * The order's figures from its lines. `discount` (cents) is capped again here, since lines may change
 * after it was typed; `paid` is what payments have applied to the order so far.
 */
export function orderTotals(
  lines: readonly PricedLine[],
  options: { discount?: Cents | null; paid?: Cents } = {},
): OrderTotals {
  let unitQuantity = 0;
  let subtotal = 0;
  let cost = 0;
  for (const line of lines) {
    unitQuantity += line.quantity;
    subtotal += lineSubtotalCents(line);
    if (line.productCost !== undefined) cost += Math.round(line.quantity * toCents(line.productCost));
  }
  const discount = clamp(options.discount ?? 0, 0, Math.max(0, subtotal));
  const total = subtotal - discount;
  return { unitQuantity, subtotal, cost, discount, total, balanceDue: Math.max(0, total - (options.paid ?? 0)) };
}

/** The order's figures as the wire carries them: dollars, the discount as `dollarAdjustment`. */
export const totalsToWire = (t: OrderTotals) => ({
  unitQuantity: t.unitQuantity,
  subtotal: toDollars(t.subtotal),
  cost: toDollars(t.cost),
  dollarAdjustment: toDollars(t.discount),
  total: toDollars(t.total),
  balanceDue: toDollars(t.balanceDue),
});
