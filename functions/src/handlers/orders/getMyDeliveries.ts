import middy from '@middy/core';
import { ordersGetMyDeliveriesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listDeliveriesOf } from '#data';

const route = ordersGetMyDeliveriesRoute;

const getMyDeliveries: RouteHandler<typeof route> = async ({ caller }) => listDeliveriesOf(caller.userId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getMyDeliveries);
