import middy from '@middy/core';
import { customerRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, setMargin } from '#data';

const route = customerRoutes['customers.setMargin'];

/** Applies a previewed margin: 403 for a cost basis without cost access, 409 if the preview is stale. */
const setMarginHandler: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) => ({
  updated: await setMargin(params.customerId, body, actorOf(caller)),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(setMarginHandler);
