import middy from '@middy/core';
import { changelogGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listChangeLog } from '#data';

const route = changelogGetAllRoute;

const getAll: RouteHandler<typeof route> = async ({ input: { params, query } }) =>
  listChangeLog(params.entityType, params.entityId, query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
