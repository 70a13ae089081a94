import {
  RETURNABLE_STATUSES,
  returnableBySku,
  returnAmount,
  returnRefusal,
  returnSettlement,
  toCents,
  type Cents,
  type NewReturnBody,
  type Order,
  type PaymentMethod,
  type Return,
  type ReturnDisposition,
  type ReturnLine,
  type ReturnSettlement,
  type SoldLine,
} from '@bo/shared';

/**
 * The Return Items dialog's model: the order's products with what may still come back, the form, and what the
 * return will do, all from the shared rules (`rules/returns.ts`) the server applies.
 */

export type ReturnOrder = Pick<
  Order,
  'id' | 'orderNum' | 'orderStatus' | 'orderedItems' | 'dollarAdjustment' | 'balanceDue'
>;

/** One SKU of the order. */
export interface ReturnRow {
  sku: string;
  name: string;
  brand: string;
  sold: number;
  returned: number;
  /** Sold less already returned. */
  returnable: number;
}

export interface ReturnFormState {
  /** Units to return by SKU, as typed. */
  quantities: Record<string, string>;
  dispositions: Record<string, ReturnDisposition>;
  reason: string;
  settlement: ReturnSettlement;
  method: PaymentMethod | null;
  notes: string;
}

export const EMPTY_RETURN_FORM: ReturnFormState = {
  quantities: {},
  dispositions: {},
  reason: '',
  settlement: 'CREDIT',
  method: null,
  notes: '',
};

/** The order's lines as the rules read them (a SKU may span several lines: batches, prices). */
export const soldLines = (order: Pick<Order, 'orderedItems'>): SoldLine[] =>
  order.orderedItems.map((l) => ({ sku: l.productSku, quantity: l.quantity, priceCents: toCents(l.unitPrice) }));

/** What the order's earlier returns took back. */
export const returnedLines = (returns: readonly Pick<Return, 'lines'>[]): ReturnLine[] =>
  returns.flatMap((r) => r.lines.map((l) => ({ sku: l.productSku, quantity: l.quantity })));

/** One row per SKU of the order (in the order's line order), with what was sold, returned and is left. */
export function returnRows(order: Pick<Order, 'orderedItems'>, returns: readonly Pick<Return, 'lines'>[]): ReturnRow[] {
  const sold = soldLines(order);
  const returned = returnedLines(returns);
  const left = returnableBySku(sold, returned);
  const rows = new Map<string, ReturnRow>();
  for (const item of order.orderedItems) {
    if (item.quantity <= 0) continue;
    const row = rows.get(item.productSku) ?? {
      sku: item.productSku,
      name: item.productName,
      brand: item.productBrand,
      sold: 0,
      returned: 0,
      returnable: 0,
    };
    row.sold += item.quantity;
    rows.set(item.productSku, row);
  }
  for (const r of returned) {
    const row = rows.get(r.sku);
    if (row) row.returned += r.quantity;
  }
  return [...rows.values()].map((row) => ({ ...row, returnable: Math.max(0, left.get(row.sku) ?? 0) }));
}

/** Whether any unit of the order may still come back. */
export const anythingReturnable = (rows: readonly ReturnRow[]): boolean => rows.some((r) => r.returnable > 0);

/** Units typed for a row: a whole number, 0 for nothing typed, null for anything else. */
export function parseQuantity(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  return /^\d{1,7}$/.test(t) ? Number(t) : null;
}

export interface ChosenLine extends ReturnLine {
  disposition: ReturnDisposition;
}

/** The lines with units to return, and the SKUs whose quantity is not a whole number. */
export function chosenLines(rows: readonly ReturnRow[], state: ReturnFormState) {
  const lines: ChosenLine[] = [];
  const invalid: string[] = [];
  for (const row of rows) {
    const quantity = parseQuantity(state.quantities[row.sku]);
    if (quantity === null) invalid.push(row.sku);
    else if (quantity > 0)
      lines.push({ sku: row.sku, quantity, disposition: state.dispositions[row.sku] ?? 'RESTOCK' });
  }
  return { lines, invalid };
}

export interface ReturnOutcome {
  /** What the credit note is worth. */
  amount: Cents;
  /** The part that lowers what the order owes. */
  appliedToOrder: Cents;
  /** The rest: to the customer's credit (CREDIT) or paid back (REFUND). */
  excess: Cents;
  balanceBefore: Cents;
  balanceAfter: Cents;
  restocked: number;
  writtenOff: number;
}

/** Why the return can't be made (the rule the server applies), or what it will do. */
export function returnOutcome(
  order: ReturnOrder,
  returns: readonly Pick<Return, 'lines'>[],
  lines: readonly ChosenLine[],
): { refusal: string; outcome?: undefined } | { refusal?: undefined; outcome: ReturnOutcome } {
  const sold = soldLines(order);
  const returned = returnedLines(returns);
  const refusal = returnRefusal(order.orderStatus, sold, returned, lines);
  if (refusal) return { refusal };
  const amount = returnAmount(sold, toCents(order.dollarAdjustment || 0), returned, lines);
  const balanceBefore = toCents(order.balanceDue);
  const { appliedToOrder, excess } = returnSettlement(amount, balanceBefore);
  const units = (d: ReturnDisposition) =>
    lines.filter((l) => l.disposition === d).reduce((sum, l) => sum + l.quantity, 0);
  return {
    outcome: {
      amount,
      appliedToOrder,
      excess,
      balanceBefore,
      balanceAfter: balanceBefore - appliedToOrder,
      restocked: units('RESTOCK'),
      writtenOff: units('WRITE_OFF'),
    },
  };
}

/** Whether the order's status lets it take a return at all. */
export const takesReturns = (order: Pick<Order, 'orderStatus'>): boolean =>
  RETURNABLE_STATUSES.includes(order.orderStatus);

/** The body of `returns.new`. */
export function returnBody(
  order: Pick<Order, 'id'>,
  state: ReturnFormState,
  lines: readonly ChosenLine[],
): NewReturnBody {
  const notes = state.notes.trim();
  return {
    orderId: order.id,
    reason: state.reason.trim(),
    lines: lines.map((l) => ({ productSku: l.sku, quantity: l.quantity, disposition: l.disposition })),
    settlement: state.settlement,
    ...(state.settlement === 'REFUND' && state.method ? { method: state.method } : {}),
    ...(notes ? { notes } : {}),
  };
}
