import * as z from '../zod';
import { changeLogEntrySchema, changeLogParams, changeLogQuery } from '../schemas/changelog';
import { route } from './route';

export const changelogGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/changelog/getAll/{entityType}/{entityId}',
  handler: 'changelog/getAll',
  roles: 'ALL',
  summary:
    'Change-log entries of one entity, newest first, paginated by cursor; for those who may read the entity (read-policy.ts), cost changes only for cost roles.',
  params: changeLogParams,
  query: changeLogQuery,
  response: z.object({ entries: z.array(changeLogEntrySchema), cursor: z.nullable(z.string()) }),
});

export const changeLogRoutes = {
  'changelog.getAll': changelogGetAllRoute,
};
