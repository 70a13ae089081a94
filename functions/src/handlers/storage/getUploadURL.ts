import middy from '@middy/core';
import { storageGetUploadURLRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as storage from '#data/storage';

const route = storageGetUploadURLRoute;

/**
 * The schema already checked bucket, raster content type, file name and any declared size; here the name is
 * made unique and the PUT signed for that type (and size).
 */
const getUploadURL: RouteHandler<typeof route> = async ({ input: { body } }) => {
  const fileName = await storage.freeName(body.bucket, body.fileName);
  return {
    ...(await storage.uploadUrl(body.bucket, fileName, { contentType: body.contentType, size: body.size })),
    url: storage.publicUrl(body.bucket, fileName),
    fileName,
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getUploadURL);
