import { toCents, toDollars, type Cents } from '../../money';

/**
 * Purchase-order money in integer cents. A line's subtotal is orderQuantity × unitCost; the order's
 * `unitQuantity` is the sum of quantities and its `total` the sum of the subtotals. The server recomputes
 * both from the lines and ignores what the client reports.
 */

export interface CostedLine {
  orderQuantity: number | null;
  /** Dollars per unit; missing (redacted or not yet known) counts 0. */
  unitCost?: number | null;
}

export const purchaseLineSubtotalCents = (line: CostedLine): Cents =>
  Math.round((line.orderQuantity ?? 0) * toCents(line.unitCost ?? 0));

export interface PurchaseOrderTotals {
  unitQuantity: number;
  total: Cents;
}

export function purchaseOrderTotals(lines: readonly CostedLine[]): PurchaseOrderTotals {
  let unitQuantity = 0;
  let total = 0;
  for (const line of lines) {
    unitQuantity += line.orderQuantity ?? 0;
    total += purchaseLineSubtotalCents(line);
  }
  return { unitQuantity, total };
}

/** The figures as the wire carries them (dollars). */
export const purchaseTotalsToWire = (t: PurchaseOrderTotals) => ({
  unitQuantity: t.unitQuantity,
  total: toDollars(t.total),
});
