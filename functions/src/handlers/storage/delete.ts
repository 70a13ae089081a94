import middy from '@middy/core';
import { storageDeleteRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as storage from '#data/storage';

const route = storageDeleteRoute;

const remove: RouteHandler<typeof route> = async ({ input: { body } }) => {
  await storage.deleteFile(body.bucket, body.fileName);
  return { ok: true as const };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(remove);
