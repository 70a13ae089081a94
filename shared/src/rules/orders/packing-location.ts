import { DEFAULT_LOCATION_FALLBACK_ID } from '../../schemas/locations';

/**
 * The packing location of a new order (spec sections 4 and 9): when the brands in the cart change, it becomes
 * the default location every one of those brands shares; otherwise (no brand in the cart, a brand without a
 * default location, brands with different ones, or a default location that no longer exists) the system
 * default location, and '1' when no location is marked default.
 *
 * Location ids are numeric-like; numbers and strings are both accepted and compared as strings.
 */

type LocationRef = { id: string | number; isDefault?: boolean };
type BrandRef = { id: string; defaultLocationId?: string | number | null };

const idOf = (id: string | number | null | undefined): string | undefined =>
  id === null || id === undefined || String(id).trim() === '' ? undefined : String(id).trim();

/** The location marked default, else '1'. */
export const systemDefaultLocationId = (locations: readonly LocationRef[]): string =>
  idOf(locations.find((l) => l.isDefault)?.id) ?? DEFAULT_LOCATION_FALLBACK_ID;

export function packingLocationFor(
  cartBrandIds: readonly string[],
  brands: readonly BrandRef[],
  locations: readonly LocationRef[],
): string {
  const fallback = systemDefaultLocationId(locations);
  const inCart = [...new Set(cartBrandIds)];
  if (inCart.length === 0) return fallback;
  const defaults = new Set(inCart.map((id) => idOf(brands.find((b) => b.id === id)?.defaultLocationId)));
  if (defaults.size !== 1) return fallback;
  const [common] = defaults;
  if (common === undefined) return fallback;
  const exists = locations.length === 0 || locations.some((l) => idOf(l.id) === common);
  return exists ? common : fallback;
}
