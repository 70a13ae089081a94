import middy from '@middy/core';
import { customersGetAvailableCreditRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getAvailableCredit } from '#data';

const route = customersGetAvailableCreditRoute;

const getCredit: RouteHandler<typeof route> = async ({ input: { params } }) => ({
  creditAvailable: await getAvailableCredit(params.customerId),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getCredit);
