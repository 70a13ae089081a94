import middy from '@middy/core';
import { productsGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProducts } from '#data';

const route = productsGetAllRoute;

const getAll: RouteHandler<typeof route> = async () => listProducts();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
