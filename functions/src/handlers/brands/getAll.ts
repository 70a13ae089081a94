import middy from '@middy/core';
import { brandsGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listBrands } from '#data';

const route = brandsGetAllRoute;

const getAll: RouteHandler<typeof route> = async () => ({ res: await listBrands() });

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
