import middy from '@middy/core';
import { mayAccessDocuments, storageGetDocumentURLRoute } from '@bo/shared';
import { api, ForbiddenError, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import * as storage from '#data/storage';

const route = storageGetDocumentURLRoute;

/** A short-lived presigned GET for one document the caller's roles may read. */
const getDocumentURL: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  if (!mayAccessDocuments(params.folder, caller.roles, 'read'))
    throw new ForbiddenError(`Your role (${caller.roles.join(', ')}) cannot read documents in ${params.folder}`);
  const key = `${params.folder}/${params.fileName}`;
  if (!(await storage.exists('documents', key))) throw new NotFoundError('No such document');
  return {
    url: await storage.downloadUrl('documents', key),
    fileName: params.fileName,
    folder: params.folder,
    expiresIn: storage.DOCUMENT_URL_SECONDS,
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getDocumentURL);
