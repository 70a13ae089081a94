import * as z from '../zod';
import { idParam } from '../schemas/common';
import { saveFilterBody, savedFilterSchema } from '../schemas/preferences';
import { route } from './route';

export const preferencesSaveFilterRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/preferences/saveFilter',
  handler: 'preferences/saveFilter',
  roles: 'ALL',
  summary: "Saves a named product/inventory filter for the user (one's own; any for ADMIN).",
  body: saveFilterBody,
  response: savedFilterSchema,
});

export const preferencesGetFiltersRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/preferences/getFilters',
  handler: 'preferences/getFilters',
  roles: 'ALL',
  summary: "The signed-in user's saved filters, newest first (not in spec section 7).",
  response: z.array(savedFilterSchema),
});

export const preferencesRemoveFilterRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/preferences/removeFilter/{id}',
  handler: 'preferences/removeFilter',
  roles: 'ALL',
  summary: "Deletes one of the signed-in user's saved filters (not in spec section 7).",
  params: idParam,
  response: z.object({ ok: z.literal(true) }),
});

export const preferenceRoutes = {
  'preferences.saveFilter': preferencesSaveFilterRoute,
  'preferences.getFilters': preferencesGetFiltersRoute,
  'preferences.removeFilter': preferencesRemoveFilterRoute,
};
