import middy from '@middy/core';
import { storageGetUploadURLRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { storage } from '#data';

const route = storageGetUploadURLRoute;

/** The schema already checked bucket, content type and file name; here the name is made unique. */
const getUploadURL: RouteHandler<typeof route> = async ({ input: { body } }) => {
  const fileName = await storage.freeName(body.bucket, body.fileName);
  return {
    uploadUrl: await storage.uploadUrl(body.bucket, fileName, body.contentType),
    url: storage.publicUrl(body.bucket, fileName),
    fileName,
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getUploadURL);
