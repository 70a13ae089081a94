import middy from '@middy/core';
import { productsGetProductTypesWithProductCountRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductTypesWithCount } from '#data';

const route = productsGetProductTypesWithProductCountRoute;

const getProductTypesWithProductCount: RouteHandler<typeof route> = async () => listProductTypesWithCount();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getProductTypesWithProductCount);
