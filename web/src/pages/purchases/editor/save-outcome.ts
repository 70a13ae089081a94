import { isApiError, errorMessage } from '../../../api/client';
import type { RouteId } from '@bo/shared';

/** Routes whose answers change when a purchase order is created or updated. */
export const PURCHASE_QUERY_ROUTES: RouteId[] = [
  'purchases.getAll',
  'purchases.getById',
  'purchases.getOnOrder',
  'brands.getByID',
  'products.getAll',
  'products.getByID',
  'changelog.getAll',
];

/** Spec section 9: a purchase order dialog closes 2.5 s after a successful create or update. */
export const CLOSE_AFTER_SUCCESS_MS = 2500;

export const STALE_MESSAGE =
  'Someone else changed this purchase order after you opened it. Close it and open it again to see their changes.';

/**
 * What the dialog shows when a save is refused (the spec only logs it; we say why): the server's message (a stale
 * `modifiedOn`, cancelling a received order …), or for a 409 without one, that the order changed meanwhile.
 */
export function saveFailure(error: unknown): string {
  if (isApiError(error) && error.status === 409 && !error.fromServer) return STALE_MESSAGE;
  return errorMessage(error, 'The purchase order was not saved. Try again.');
}

/** The page of a purchase order (spec section 2: Edit navigates there when the number changed). */
export { purchaseOrderHref } from '../../../access/pages';
