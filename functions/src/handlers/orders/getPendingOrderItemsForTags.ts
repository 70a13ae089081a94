import middy from '@middy/core';
import { ordersGetPendingOrderItemsForTagsRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listPendingOrderItems } from '#data';

const route = ordersGetPendingOrderItemsForTagsRoute;

const getPendingOrderItemsForTags: RouteHandler<typeof route> = async () => listPendingOrderItems();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getPendingOrderItemsForTags);
