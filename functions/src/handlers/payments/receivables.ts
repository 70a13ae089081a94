import middy from '@middy/core';
import { paymentsReceivablesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getReceivables } from '#data';

const route = paymentsReceivablesRoute;

const receivables: RouteHandler<typeof route> = async ({ input: { query } }) => getReceivables(query.asOf);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(receivables);
