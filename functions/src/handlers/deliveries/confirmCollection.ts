import middy from '@middy/core';
import { deliveriesConfirmCollectionRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, confirmCollection } from '#data';

const route = deliveriesConfirmCollectionRoute;

const confirm: RouteHandler<typeof route> = async ({ input: { params }, caller }) =>
  confirmCollection(params.id, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(confirm);
