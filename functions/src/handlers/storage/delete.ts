import middy from '@middy/core';
import { storageRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { storage } from '#data';

const route = storageRoutes['storage.delete'];

const remove: RouteHandler<typeof route> = async ({ input: { body } }) => {
  await storage.deleteFile(body.bucket, body.fileName);
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(remove);
