import { byLocationId, DEFAULT_LOCATION_FALLBACK_ID, type Location } from '@bo/shared';
import { get, queryAll } from '../core';
import { type LocationItem, locationDefaultEntity, locationEntity } from './entity';
import { toLocation } from './records';

export async function getLocationItem(locationId: string): Promise<LocationItem | undefined> {
  return get(locationEntity, { locationId });
}

export async function getLocation(locationId: string): Promise<Location | undefined> {
  const item = await getLocationItem(locationId);
  return item ? toLocation(item) : undefined;
}

/**
 * Every location, numbered by id (one Query of the locations partition; strongly consistent, so a screen
 * that refetches right after a change sees it — the list is a handful of small items).
 */
export async function listLocations(): Promise<Location[]> {
  const items = await queryAll(locationEntity, 'primary', {}, { consistent: true });
  return items.map(toLocation).sort(byLocationId);
}

/** The default location's id; `DEFAULT_LOCATION_FALLBACK_ID` ('1') while there is none (spec section 9). */
export async function defaultLocationId(): Promise<string> {
  return (await get(locationDefaultEntity, {}))?.locationId ?? DEFAULT_LOCATION_FALLBACK_ID;
}
