import { LOCATION_COLORS, type Location } from '@bo/shared';
import { createLocation, listLocations, type Actor } from '@bo/functions/data';

/**
 * Demo pickup / packing locations: location 1 'Main Warehouse' (the default: the first location created
 * becomes it) and three more. Written through the same data layer as the API (counter, default pointer,
 * change log). Seeds only when there are no locations at all, so kept data is left alone.
 */
export const DEMO_LOCATIONS: ReadonlyArray<{ name: string; color: string }> = [
  { name: 'Main Warehouse', color: LOCATION_COLORS[0].value },
  { name: 'Downtown Pickup', color: LOCATION_COLORS[4].value },
  { name: 'North Depot', color: LOCATION_COLORS[1].value },
  { name: 'Will Call Counter', color: LOCATION_COLORS[6].value },
];

export async function seedLocations(actor: Actor): Promise<{ locations: number; created: Location[] }> {
  if ((await listLocations()).length > 0) return { locations: 0, created: [] };
  const created: Location[] = [];
  for (const location of DEMO_LOCATIONS) created.push(await createLocation(location, actor));
  return { locations: created.length, created };
}
