import middy from '@middy/core';
import { purchasesGetOnOrderRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listOnOrder } from '#data';

const route = purchasesGetOnOrderRoute;

const getOnOrder: RouteHandler<typeof route> = async ({ input: { query } }) => listOnOrder(query.brandId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getOnOrder);
