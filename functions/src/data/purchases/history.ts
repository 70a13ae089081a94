import { diffChanges, toDollars, type FieldChange } from '@bo/shared';
import type { PurchaseHeaderItem, StoredPurchaseLine } from './entity';

/**
 * What a purchase order's change-log entries say: header fields by their labels, lines by SKU. The total is
 * left out (it reveals cost and the change log's redaction knows only cost field names); unit costs are
 * logged under `unitCost`, which it drops for roles that may not see costs.
 */

export const PURCHASE_FIELD_LABELS = {
  purchaseOrderNum: 'Purchase order number',
  brandName: 'Brand',
  orderStatus: 'Status',
  paymentStatus: 'Payment status',
  expectedDeliveryOn: 'Expected delivery',
  notes: 'Notes',
  unitQuantity: 'Units',
} as const;

export const headerChanges = (before: PurchaseHeaderItem | undefined, after: PurchaseHeaderItem): FieldChange[] =>
  diffChanges<Record<string, unknown>>(
    before ? { ...before } : undefined,
    { ...after, expectedDeliveryOn: after.expectedDeliveryOn, notes: after.notes },
    PURCHASE_FIELD_LABELS,
  );

/** Quantity and unit-cost changes per SKU. */
export function purchaseLineChanges(
  before: readonly StoredPurchaseLine[],
  after: readonly StoredPurchaseLine[],
): FieldChange[] {
  const prev = new Map(before.map((l) => [l.sku, l]));
  const next = new Map(after.map((l) => [l.sku, l]));
  const changes: FieldChange[] = [];
  for (const sku of [...new Set([...prev.keys(), ...next.keys()])].sort()) {
    const p = prev.get(sku);
    const n = next.get(sku);
    if (p?.quantity !== n?.quantity)
      changes.push({
        name: 'Line',
        field: 'purchaseOrderItems',
        subfield: sku,
        action: !p ? 'add' : !n ? 'remove' : 'update',
        ...(p ? { previousValue: p.quantity } : {}),
        ...(n ? { newValue: n.quantity } : {}),
      });
    if (p?.unitCostCents !== n?.unitCostCents)
      changes.push({
        name: 'Unit cost',
        field: 'unitCost',
        subfield: sku,
        action: !p ? 'add' : !n ? 'remove' : 'update',
        ...(p ? { previousValue: toDollars(p.unitCostCents) } : {}),
        ...(n ? { newValue: toDollars(n.unitCostCents) } : {}),
      });
  }
  return changes;
}

/** The lines a receive stocked: one change per SKU, `hasBeenStocked` false → true. */
export const receivedChanges = (received: readonly StoredPurchaseLine[]): FieldChange[] =>
  received.map((l) => ({
    name: 'Received',
    field: 'hasBeenStocked',
    subfield: l.sku,
    action: 'update',
    previousValue: false,
    newValue: true,
  }));
