import middy from '@middy/core';
import { productsGetProductTypesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductTypes } from '#data';

const route = productsGetProductTypesRoute;

const getProductTypes: RouteHandler<typeof route> = async () => listProductTypes();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getProductTypes);
