import middy from '@middy/core';
import { preferencesGetFiltersRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listFilters } from '#data';

const route = preferencesGetFiltersRoute;

const getFilters: RouteHandler<typeof route> = async ({ caller }) => listFilters(caller.userId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getFilters);
