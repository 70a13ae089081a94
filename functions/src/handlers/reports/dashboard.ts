import middy from '@middy/core';
import { reportsDashboardRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { readDashboard } from '#data/dashboard';

const route = reportsDashboardRoute;

/** The caller's dashboard: the sections of their roles (ADMIN every one, for everyone). */
const dashboard: RouteHandler<typeof route> = async ({ caller }) => readDashboard(caller);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(dashboard);
