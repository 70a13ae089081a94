import { formatUsd, type Cents } from '../money';
import type { OrderStatus } from '../schemas/orders';

/**
 * Returns of sold goods (issue 23, section 3), in cents: what may be returned, and what a return is worth.
 * Lines are priced as sold, and the order's discount is shared pro rata over what it sold. A return is worth
 * what everything returned so far (this return included) is worth net of its share of the discount, less what
 * the earlier returns were worth: each return rounds to the cent, and returning the whole order, in any number
 * of returns, credits exactly its total.
 */

/** Only delivered goods come back. */
export const RETURNABLE_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'COMPLETED'];

export interface SoldLine {
  sku: string;
  quantity: number;
  priceCents: Cents;
}

export interface ReturnLine {
  sku: string;
  quantity: number;
}

export const RETURN_MESSAGES = {
  notReturnable: (status: OrderStatus) =>
    `Only a delivered or completed order can take a return; this one is ${status.toLowerCase()}`,
  noLines: 'Choose at least one line to return',
  unknownSku: (sku: string) => `${sku} is not on this order`,
  tooMany: (sku: string, left: number) =>
    left === 0 ? `Every unit of ${sku} was already returned` : `At most ${left} of ${sku} can still be returned`,
  duplicateSku: (sku: string) => `${sku} appears twice in the return`,
} as const;

/** Units of each SKU sold (summed over the order's lines, which may split a SKU over batches). */
export function soldBySku(lines: readonly SoldLine[]): Map<string, number> {
  const sold = new Map<string, number>();
  for (const l of lines) sold.set(l.sku, (sold.get(l.sku) ?? 0) + l.quantity);
  return sold;
}

/** Units of each SKU that may still come back: sold less already returned. */
export function returnableBySku(sold: readonly SoldLine[], returned: readonly ReturnLine[]): Map<string, number> {
  const left = soldBySku(sold);
  for (const r of returned) left.set(r.sku, (left.get(r.sku) ?? 0) - r.quantity);
  return left;
}

/** Why this return can't be made, or undefined. */
export function returnRefusal(
  orderStatus: OrderStatus,
  sold: readonly SoldLine[],
  returned: readonly ReturnLine[],
  lines: readonly ReturnLine[],
): string | undefined {
  if (!RETURNABLE_STATUSES.includes(orderStatus)) return RETURN_MESSAGES.notReturnable(orderStatus);
  if (lines.length === 0) return RETURN_MESSAGES.noLines;
  const left = returnableBySku(sold, returned);
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.sku)) return RETURN_MESSAGES.duplicateSku(line.sku);
    seen.add(line.sku);
    const can = left.get(line.sku);
    if (can === undefined) return RETURN_MESSAGES.unknownSku(line.sku);
    if (line.quantity > can) return RETURN_MESSAGES.tooMany(line.sku, Math.max(0, can));
  }
  return undefined;
}

/** The average price a SKU sold at, in cents per unit, as a fraction (lines of one SKU may differ in price). */
function valueOf(sold: readonly SoldLine[], lines: readonly ReturnLine[]): number {
  const bySku = new Map<string, { units: number; cents: number }>();
  for (const l of sold) {
    const s = bySku.get(l.sku) ?? { units: 0, cents: 0 };
    bySku.set(l.sku, { units: s.units + l.quantity, cents: s.cents + l.quantity * l.priceCents });
  }
  return lines.reduce((sum, l) => {
    const s = bySku.get(l.sku);
    return s && s.units > 0 ? sum + (l.quantity * s.cents) / s.units : sum;
  }, 0);
}

/** A returned line's value before the discount's share: its units at the SKU's average price as sold (cents). */
export const returnLineValue = (sold: readonly SoldLine[], line: ReturnLine): Cents =>
  Math.round(valueOf(sold, [line]));

/** Every unit the order sold came back (its payment status is REFUNDED). */
export const isFullyReturned = (returnedUnits: number, unitQuantity: number): boolean =>
  returnedUnits > 0 && returnedUnits >= unitQuantity;

/** What returned goods are worth, net of their share of the order's discount, rounded to the cent. */
function creditFor(sold: readonly SoldLine[], discountCents: Cents, lines: readonly ReturnLine[]): Cents {
  const subtotal = sold.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
  if (subtotal === 0) return 0;
  const value = valueOf(sold, lines);
  return Math.round(value - (value * Math.min(discountCents, subtotal)) / subtotal);
}

/**
 * What this return is worth (cents): the credit of everything returned once it is made, less the credit of what
 * was returned before it. `returned` is the earlier returns' lines.
 */
export function returnAmount(
  sold: readonly SoldLine[],
  discountCents: Cents,
  returned: readonly ReturnLine[],
  lines: readonly ReturnLine[],
): Cents {
  return creditFor(sold, discountCents, [...returned, ...lines]) - creditFor(sold, discountCents, returned);
}

/**
 * The sentence a preview shows. `excess` is what goes beyond the order's balance (`returnSettlement`); all of it
 * when left out: "Credit note of $12.34 to the customer's credit", "…, $5.00 paid back to the customer", or, when
 * the order still owed it all, "Credit note of $12.34 off what the order owes".
 */
export function returnPreview(amount: Cents, settlement: 'CREDIT' | 'REFUND', excess: Cents = amount): string {
  const note = `Credit note of ${formatUsd(amount)}`;
  if (excess <= 0) return `${note} off what the order owes`;
  const part = excess < amount ? `: ${formatUsd(excess)}` : '';
  return settlement === 'CREDIT'
    ? `${note}${part} to the customer's credit`
    : `${note}${part || ','} paid back to the customer`;
}

/** An order line as the allocation sees it: its id, SKU, batch (if it came from one) and units. */
export interface SoldLineRef {
  id: string;
  sku: string;
  batchId: string | null;
  quantity: number;
}

/** Units of one order line a return takes back. */
export interface LineAllocation {
  lineId: string;
  sku: string;
  batchId: string | null;
  quantity: number;
}

/**
 * Which order lines the returned units are taken from (so restocked units go back into the batch they left):
 * for each SKU, its lines in order, each up to what it sold less what earlier returns took from it
 * (`returnedByLine`). Assumes `returnRefusal` passed: every unit finds a line.
 */
export function allocateReturn(
  sold: readonly SoldLineRef[],
  returnedByLine: Readonly<Record<string, number>>,
  lines: readonly ReturnLine[],
): LineAllocation[] {
  const out: LineAllocation[] = [];
  for (const line of lines) {
    let left = line.quantity;
    for (const s of sold) {
      if (left === 0) break;
      if (s.sku !== line.sku) continue;
      const take = Math.min(left, s.quantity - (returnedByLine[s.id] ?? 0));
      if (take <= 0) continue;
      out.push({ lineId: s.id, sku: s.sku, batchId: s.batchId, quantity: take });
      left -= take;
    }
  }
  return out;
}

/** Earlier returns' units per SKU, from what they took of each line. */
export function returnedLinesBySku(
  sold: readonly SoldLineRef[],
  returnedByLine: Readonly<Record<string, number>>,
): ReturnLine[] {
  return sold.flatMap((s) => (returnedByLine[s.id] ? [{ sku: s.sku, quantity: returnedByLine[s.id]! }] : []));
}

/**
 * How a credit note settles: first it lowers what the order still owes; the rest is money the customer had
 * paid for goods they gave back, which goes to their credit (CREDIT) or back to them (REFUND).
 */
export function returnSettlement(amount: Cents, balanceDue: Cents): { appliedToOrder: Cents; excess: Cents } {
  const appliedToOrder = Math.min(amount, Math.max(0, balanceDue));
  return { appliedToOrder, excess: amount - appliedToOrder };
}

/**
 * An order with returns keeps its lines and stays delivered or completed: cancelling, refunding or reopening it
 * would give back stock the returns already gave back, and editing its lines would change what was returned.
 */
export const RETURNED_ORDER_REFUSAL =
  "This order has returns: it stays delivered or completed and its lines and discount can't change; make another return instead";

export function returnedOrderRefusal(
  order: { orderStatus: OrderStatus; returnCount?: number },
  change: { orderStatus?: OrderStatus; linesOrDiscountChanged?: boolean },
): string | undefined {
  if (!order.returnCount) return undefined;
  if (change.linesOrDiscountChanged) return RETURNED_ORDER_REFUSAL;
  const next = change.orderStatus ?? order.orderStatus;
  return RETURNABLE_STATUSES.includes(next) ? undefined : RETURNED_ORDER_REFUSAL;
}
