import middy from '@middy/core';
import { accountingOrderStatusRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as accounting from '#data/accounting';

const route = accountingOrderStatusRoute;

const orderStatus: RouteHandler<typeof route> = async ({ input: { params } }) =>
  accounting.orderExportStatus(params.orderId);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(orderStatus);
