import * as z from '../zod';
import { addLocationBody, locationIdParam, locationSchema, updateLocationBody } from '../schemas/locations';
import { CATALOG_WRITERS } from '../role-matrix';
import { route } from './route';

export const ordersGetLocationsRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getLocations',
  handler: 'orders/getLocations',
  roles: 'ALL',
  summary: 'Every pickup/packing location, numbered by id; exactly one has isDefault true.',
  response: z.array(locationSchema),
});

export const ordersAddLocationRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/orders/addLocation',
  handler: 'orders/addLocation',
  roles: CATALOG_WRITERS,
  summary:
    'Creates a location (name and hex color required; the next number from a counter). The first becomes the default.',
  body: addLocationBody,
  response: locationSchema,
});

export const ordersUpdateLocationRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/orders/updateLocation/{id}',
  handler: 'orders/updateLocation',
  roles: CATALOG_WRITERS,
  summary:
    "Sets a location's color, or makes it the default (isDefault true: the old default is cleared in the same transaction); name too (beyond the spec).",
  params: locationIdParam,
  body: updateLocationBody,
  response: locationSchema,
});

export const ordersRemoveLocationRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/orders/removeLocation/{id}',
  handler: 'orders/removeLocation',
  roles: CATALOG_WRITERS,
  summary: 'Deletes a location; 409 for the default location, 404 when unknown.',
  params: locationIdParam,
  response: z.object({ ok: z.literal(true) }),
});

/** Pickup / packing locations: warehouse data, read by everyone, written by catalogue writers (and ADMIN). */
export const locationRoutes = {
  'orders.getLocations': ordersGetLocationsRoute,
  'orders.addLocation': ordersAddLocationRoute,
  'orders.updateLocation': ordersUpdateLocationRoute,
  'orders.removeLocation': ordersRemoveLocationRoute,
};
