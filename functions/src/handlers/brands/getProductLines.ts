import middy from '@middy/core';
import { brandsGetProductLinesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductLines } from '#data';

const route = brandsGetProductLinesRoute;

const getProductLines: RouteHandler<typeof route> = async ({ input: { params } }) => listProductLines(params.brandId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getProductLines);
