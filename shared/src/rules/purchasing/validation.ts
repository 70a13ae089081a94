import { PURCHASE_ORDER_MESSAGES } from '../../schemas/purchases';

/**
 * What stops a purchase order from being submitted or saved (spec section 5: brand required and at least
 * one item; the screen stops silently, the API answers 400 with the same messages). Lines with an empty or
 * zero quantity do not count as items.
 */
export function purchaseOrderProblems(draft: {
  brandID?: string | null;
  items: ReadonlyArray<{ orderQuantity: number | null }>;
}): string[] {
  const problems: string[] = [];
  if (!draft.brandID?.trim()) problems.push(PURCHASE_ORDER_MESSAGES.brandRequired);
  if (!draft.items.some((i) => (i.orderQuantity ?? 0) > 0)) problems.push(PURCHASE_ORDER_MESSAGES.itemRequired);
  return problems;
}

export const canSubmitPurchaseOrder = (draft: Parameters<typeof purchaseOrderProblems>[0]): boolean =>
  purchaseOrderProblems(draft).length === 0;
