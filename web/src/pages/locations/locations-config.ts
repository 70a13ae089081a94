import { addLocationBody, isAllowed, type Location, type Role } from '@bo/shared';
import { routeIndex } from 'virtual:route-index';

/** Adding, recolouring, renaming, choosing the default and deleting: the route table's roles (ADMIN included). */
export const canWriteLocations = (roles: readonly Role[]): boolean =>
  isAllowed(routeIndex['orders.addLocation'].roles, roles);

export const LOCATIONS_TEXT = {
  title: 'Pickup Locations',
  description: 'Where orders are packed and picked up. The default location is the one new orders start with.',
  empty: 'No locations found',
  emptyDescription: 'Add the first location above; it becomes the default.',
  loading: 'Loading locations',
  error: 'Error loading locations',
  setDefault: 'Set as default location',
  isDefault: '(Default)',
  readOnly: 'You can view pickup locations. Purchasing, inventory and admin staff add, change and delete them.',
  defaultCannotBeDeleted: 'Make another location the default before deleting this one',
} as const;

export const confirmDeleteText = (name: string) => `Are you sure you want to delete the ${name} location?`;

export interface LocationFormValues {
  name: string;
  color: string;
}

export type LocationFormErrors = Partial<Record<keyof LocationFormValues, string>>;

/** The shared schema's messages per field ('Location name is required', 'Location color is required', …). */
export function validateLocation(values: LocationFormValues): LocationFormErrors {
  const parsed = addLocationBody.safeParse(values);
  if (parsed.success) return {};
  const errors: LocationFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'color') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Numbered by id: '2' before '10'. */
export const byIdNumber = (a: Location, b: Location) => Number(a.id) - Number(b.id);
