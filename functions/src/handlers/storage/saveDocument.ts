import middy from '@middy/core';
import { mayAccessDocuments, storageSaveDocumentRoute } from '@bo/shared';
import { api, ForbiddenError, type RouteEvent, type RouteHandler } from '#http';
import { storage } from '#data';

const route = storageSaveDocumentRoute;

/**
 * The schema already checked bucket, folder, content type and file name; here the caller's roles are checked
 * against the folder (invoices: SALES; purchaseOrders: PURCHASING) and the name is made unique.
 */
const saveDocument: RouteHandler<typeof route> = async ({ input: { body }, caller }) => {
  if (!mayAccessDocuments(body.folder, caller.roles, 'write'))
    throw new ForbiddenError(`Your role (${caller.roles.join(', ')}) cannot save documents in ${body.folder}`);
  const key = await storage.freeName('documents', `${body.folder}/${body.fileName}`);
  return {
    uploadUrl: await storage.uploadUrl('documents', key, body.contentType),
    fileName: key.slice(body.folder.length + 1),
    folder: body.folder,
    url: storage.publicUrl('documents', key),
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(saveDocument);
