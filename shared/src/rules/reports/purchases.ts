import type { PurchaseOrderStatus } from '../../schemas/purchases';
import { cellId, type Counters } from './sales';

/**
 * What a purchase order adds to the purchasing report (issue 25): what it spends (units at their costs) and its
 * units, by the month it was placed, for the whole and for its brand, split by product type. Drafts and
 * cancelled orders spend nothing. Kept from the stream as the sales figures are (`purchaseCells` is the whole rule).
 */

export const isCountedPurchase = (status: PurchaseOrderStatus): boolean => status !== 'DRAFT' && status !== 'CANCELLED';

export interface PurchaseFigureInput {
  orderStatus: PurchaseOrderStatus;
  orderPlacedOn: string;
  brandID: string;
  lines: ReadonlyArray<{ type: string; quantity: number; unitCostCents: number }>;
}

/** The month cells a purchase order adds to: spend in `c`, units in `u`, orders in `n`; split `productType|T|m`. */
export function purchaseCells(po: PurchaseFigureInput | undefined, excludedBrands: ReadonlySet<string> = new Set()) {
  const cells = new Map<string, Counters>();
  if (!po || !isCountedPurchase(po.orderStatus) || excludedBrands.has(po.brandID)) return cells;
  const counters: Counters = { n: 1 };
  const add = (name: string, value: number) => {
    if (value !== 0) counters[name] = (counters[name] ?? 0) + value;
  };
  const types = new Set<string>();
  for (const line of po.lines) {
    add('c', line.quantity * line.unitCostCents);
    add('u', line.quantity);
    add(`productType|${line.type}|c`, line.quantity * line.unitCostCents);
    add(`productType|${line.type}|u`, line.quantity);
    types.add(line.type);
  }
  for (const type of types) counters[`productType|${type}|n`] = 1;
  const month = po.orderPlacedOn.slice(0, 7);
  cells.set(cellId({ month, scope: 'purchases', gran: 'M', key: '*', slot: '-' }), { ...counters });
  cells.set(cellId({ month, scope: 'purchaseBrand', gran: 'M', key: po.brandID, slot: '-' }), { ...counters });
  return cells;
}
