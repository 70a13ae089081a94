import middy from '@middy/core';
import { productsAddNewExtractTypeRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, createExtractType } from '#data';

const route = productsAddNewExtractTypeRoute;

const addNewExtractType: RouteHandler<typeof route> = async ({ input: { body }, caller }) =>
  createExtractType(body, actorOf(caller));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(addNewExtractType);
