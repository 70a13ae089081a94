import middy from '@middy/core';
import { deliveriesRejectCollectionRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, rejectCollection } from '#data';

const route = deliveriesRejectCollectionRoute;

const reject: RouteHandler<typeof route> = async ({ input: { params, body }, caller }) =>
  rejectCollection(params.id, body.reason, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(reject);
