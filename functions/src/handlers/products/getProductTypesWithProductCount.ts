import middy from '@middy/core';
import { productRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductTypesWithCount } from '#data';

const route = productRoutes['products.getProductTypesWithProductCount'];

const getProductTypesWithProductCount: RouteHandler<typeof route> = async () => listProductTypesWithCount();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getProductTypesWithProductCount);
