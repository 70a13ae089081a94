import middy from '@middy/core';
import { deliveriesCollectionsRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listCollections } from '#data';

const route = deliveriesCollectionsRoute;

const collections: RouteHandler<typeof route> = async ({ input: { query } }) =>
  listCollections(query.status, query.day);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(collections);
