import * as z from '../zod';
import { ROLES } from '../roles';
import { route } from './route';

export const healthRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/health',
  handler: 'health/get',
  roles: 'ALL',
  summary: 'Signed-in check: who the caller is and that the table answers.',
  response: z.object({
    ok: z.boolean(),
    userId: z.string(),
    roles: z.array(z.enum(ROLES)),
    time: z.string(),
  }),
});

export const healthRoutes = {
  health: healthRoute,
};
