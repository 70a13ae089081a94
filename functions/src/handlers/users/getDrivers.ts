import middy from '@middy/core';
import { usersGetDriversRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listUsers } from '#data';

const route = usersGetDriversRoute;

/** Drivers who can take a delivery: a disabled one is not offered. */
const getDrivers: RouteHandler<typeof route> = async () =>
  (await listUsers())
    .filter((u) => u.role.includes('DRIVER') && u.status !== 'DISABLED')
    .map(({ id, name }) => ({ id, name }));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getDrivers);
