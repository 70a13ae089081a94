import middy from '@middy/core';
import { routes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { storage } from '#data';

const route = routes['storage.list'];

const list: RouteHandler<typeof route> = async ({ input: { params } }) => storage.listFiles(params.bucket);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(list);
