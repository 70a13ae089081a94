import middy from '@middy/core';
import { brandRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductLines } from '#data';

const route = brandRoutes['brands.getProductLines'];

const getProductLines: RouteHandler<typeof route> = async ({ input: { params } }) => listProductLines(params.brandId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getProductLines);
