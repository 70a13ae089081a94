import middy from '@middy/core';
import { ordersReleaseHoldRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, releaseHold } from '#data';

const route = ordersReleaseHoldRoute;

/** Releases a credit hold (ADMIN): the order may move past RECEIVED; who, when and why stay on it. */
const release: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  releaseHold(params.id, body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(release);
