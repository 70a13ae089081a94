export type { LocationItem } from './entity';
export { LOCATION_FIELD_LABELS, locationNameKey, locationNotFound } from './records';
export { defaultLocationId, getLocation, listLocations } from './reads';
export * from './writes';
