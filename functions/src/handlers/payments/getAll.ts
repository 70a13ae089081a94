import middy from '@middy/core';
import { paymentsGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listPayments } from '#data';

const route = paymentsGetAllRoute;

const getAll: RouteHandler<typeof route> = async ({ input: { query } }) => listPayments(query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
