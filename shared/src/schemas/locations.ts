import * as z from '../zod';

/** Pickup / packing locations (spec sections 2 "Pickup Locations", 3 Location, 5 Locations, 9). */

/** The ten preset location colours (Tableau 10: distinct from one another, readable as swatches). */
export const LOCATION_COLORS = [
  { name: 'Blue', value: '#4e79a7' },
  { name: 'Orange', value: '#f28e2b' },
  { name: 'Red', value: '#e15759' },
  { name: 'Teal', value: '#76b7b2' },
  { name: 'Green', value: '#59a14f' },
  { name: 'Yellow', value: '#edc948' },
  { name: 'Purple', value: '#b07aa1' },
  { name: 'Pink', value: '#ff9da7' },
  { name: 'Brown', value: '#9c755f' },
  { name: 'Grey', value: '#bab0ac' },
] as const;

/** The packing location used when no default is known (spec section 9: "Default location fallback id 1"). */
export const DEFAULT_LOCATION_FALLBACK_ID = '1';

export const LOCATION_MESSAGES = {
  nameRequired: 'Location name is required',
  colorRequired: 'Location color is required',
  colorFormat: 'Location color must be a hex color such as #4e79a7',
  defaultOnlyTrue: 'isDefault can only be true: make another location the default instead',
  deleteDefault: 'Make another location the default before deleting this one',
  notFound: 'Location not found',
} as const;

export const locationSchema = z.object({
  /** A whole number from an atomic counter, as a string ('1', '2', …). */
  id: z.string(),
  name: z.string(),
  /** `#rrggbb`, lower case. */
  color: z.string(),
  isDefault: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationIdParam = z.object({
  id: z
    .string({ error: 'id is required' })
    .check(z.trim(), z.regex(/^[1-9]\d{0,9}$/, 'Location id must be a whole number')),
});

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#abc` → `#aabbcc`, lower case. */
export const normalizeHexColor = (value: string): string => {
  const hex = value.trim().toLowerCase();
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
};

export const isHexColor = (value: string): boolean => HEX.test(value.trim());

const locationName = z
  .string({ error: LOCATION_MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, LOCATION_MESSAGES.nameRequired),
    z.maxLength(80, 'Location name is at most 80 characters'),
  );

const locationColor = z.pipe(
  z
    .string({ error: LOCATION_MESSAGES.colorRequired })
    .check(z.trim(), z.minLength(1, LOCATION_MESSAGES.colorRequired), z.regex(HEX, LOCATION_MESSAGES.colorFormat)),
  z.transform(normalizeHexColor),
);

/** POST addLocation: name and color, both required. */
export const addLocationBody = z.strictObject({ name: locationName, color: locationColor });
export type AddLocationBody = z.infer<typeof addLocationBody>;

/**
 * PUT updateLocation/{id}: `color`, or `isDefault: true` (spec section 7), and — beyond the spec — `name`,
 * so a typo can be fixed without a new id (orders keep the location's id). Any combination, at least one.
 * `isDefault: false` is refused: a default is only ever replaced by making another location the default.
 */
export const updateLocationBody = z
  .strictObject({
    name: z.optional(locationName),
    color: z.optional(locationColor),
    isDefault: z.optional(z.literal(true, { error: LOCATION_MESSAGES.defaultOnlyTrue })),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Nothing to update'));
export type UpdateLocationBody = z.infer<typeof updateLocationBody>;

/** Locations as listed: numbered by id (numerically, so 10 follows 9). */
export const byLocationId = (a: Pick<Location, 'id'>, b: Pick<Location, 'id'>): number => Number(a.id) - Number(b.id);
