import { LOCATION_MESSAGES, type Location } from '@bo/shared';
import { ConflictError, NotFoundError } from '../../domain';
import type { LocationItem } from './entity';

export const LOCATION_FIELD_LABELS = { name: 'Name', color: 'Color', isDefault: 'Default' } as const;
export type Tracked = { name: string; color: string; isDefault: boolean };

export const locationNotFound = () => new NotFoundError(LOCATION_MESSAGES.notFound);
export const nameTaken = (name: string) => new ConflictError(`A location named "${name}" already exists`);
export const changedWhileSaving = () => new ConflictError('The locations changed while saving; reload and try again');

/** The uniqueness key of a name: trimmed, lower case, single spaces. */
export const locationNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const toLocation = (item: LocationItem): Location => ({
  id: item.locationId,
  name: item.name,
  color: item.color,
  isDefault: item.isDefault,
});
