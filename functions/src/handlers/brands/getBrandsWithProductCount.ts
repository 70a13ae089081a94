import middy from '@middy/core';
import { brandsGetBrandsWithProductCountRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listBrandsWithCount } from '#data';

const route = brandsGetBrandsWithProductCountRoute;

const getBrandsWithProductCount: RouteHandler<typeof route> = async () => listBrandsWithCount();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getBrandsWithProductCount);
