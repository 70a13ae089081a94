/**
 * Edit Purchase Order's Update button (spec sections 2 and 4): enabled only when items, quantities,
 * statuses, delivery date or notes differ from the loaded values, and never while saving.
 */

export interface PurchaseOrderEditState {
  orderStatus: string;
  paymentStatus: string;
  /** YYYY-MM-DD or an ISO date-time (compared by day); null or '' for none. */
  expectedDeliveryOn?: string | null;
  notes?: string | null;
  items: ReadonlyArray<{ productSku: string; orderQuantity: number | null }>;
}

const day = (value: string | null | undefined): string => (value ?? '').slice(0, 10);
const note = (value: string | null | undefined): string => (value ?? '').trim();
/** SKU → quantity; an empty quantity is 0, so clearing then retyping the same value is no change. */
const quantities = (items: PurchaseOrderEditState['items']): Map<string, number> =>
  new Map(items.map((i) => [i.productSku, i.orderQuantity ?? 0]));

export function hasPurchaseOrderChanges(loaded: PurchaseOrderEditState, current: PurchaseOrderEditState): boolean {
  if (loaded.orderStatus !== current.orderStatus || loaded.paymentStatus !== current.paymentStatus) return true;
  if (day(loaded.expectedDeliveryOn) !== day(current.expectedDeliveryOn)) return true;
  if (note(loaded.notes) !== note(current.notes)) return true;
  const before = quantities(loaded.items);
  const after = quantities(current.items);
  if (before.size !== after.size) return true;
  for (const [sku, quantity] of after) if (before.get(sku) !== quantity) return true;
  return false;
}

export const UPDATE_TOOLTIPS = { unchanged: 'No changes made', changed: 'Save changes & close' } as const;

export function updateButtonState(changed: boolean, saving: boolean): { disabled: boolean; tooltip: string } {
  return {
    disabled: saving || !changed,
    tooltip: changed ? UPDATE_TOOLTIPS.changed : UPDATE_TOOLTIPS.unchanged,
  };
}
