/** A cart line's tag status (spec section 4, Cart): how much of its quantity is tagged from batches. */

export const TAG_STATUSES = {
  none: 'No Tags Selected',
  partial: 'Partially tagged',
  full: 'Fully tagged',
} as const;
export type TagStatus = (typeof TAG_STATUSES)[keyof typeof TAG_STATUSES];

/**
 * 'No Tags Selected' when nothing is selected, 'Fully tagged' when the selected total equals the quantity,
 * 'Partially tagged' otherwise.
 */
export function tagStatus(quantity: number, selectedTotal: number): TagStatus {
  if (selectedTotal <= 0) return TAG_STATUSES.none;
  return selectedTotal === quantity ? TAG_STATUSES.full : TAG_STATUSES.partial;
}
