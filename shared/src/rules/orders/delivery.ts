import type { Role } from '../../roles';

/**
 * The delivery block of an order (spec section 4, Delivery).
 *
 * - Switching to pickup clears the driver, and the driver picker is disabled for a pickup.
 * - Switching to delivery selects the customer's account owner as driver when that user is a driver;
 *   otherwise the driver stays as it was (none, after a pickup).
 * - The default delivery date is today, as a calendar day (YYYY-MM-DD) in the given time zone.
 */

export interface DeliveryFields {
  pickupOrder: boolean;
  driverId: string | null;
}

/**
 * Who can drive: the drivers list (`users/getDrivers`, DRIVER users only, no roles given) or users with
 * their roles (a user counts only with the DRIVER role).
 */
export type DriverCandidate = { id: string; role?: readonly Role[] };

export const isDriverPickerDisabled = (fields: Pick<DeliveryFields, 'pickupOrder'>): boolean => fields.pickupOrder;

export function switchDeliveryType(
  current: DeliveryFields,
  pickup: boolean,
  context: { accountOwnerID?: string | null; candidates: readonly DriverCandidate[] },
): DeliveryFields {
  if (pickup) return { pickupOrder: true, driverId: null };
  const owner = context.accountOwnerID
    ? context.candidates.find((u) => u.id === context.accountOwnerID && (!u.role || u.role.includes('DRIVER')))
    : undefined;
  return { pickupOrder: false, driverId: owner ? owner.id : current.driverId };
}

/** Today as YYYY-MM-DD in `timeZone` (an IANA name such as 'America/Denver', or 'UTC'). */
export function defaultDeliveryDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
