import middy from '@middy/core';
import { DOCUMENT_CONTENT_DISPOSITION, mayAccessDocuments, storageSaveDocumentRoute } from '@bo/shared';
import { api, ForbiddenError, type RouteEvent, type RouteHandler } from '#http';
import * as storage from '#data/storage';

const route = storageSaveDocumentRoute;

/**
 * The schema already checked bucket, folder, content type, file name and any declared size; here the caller's
 * roles are checked against the folder (invoices: SALES; purchaseOrders: PURCHASING) and the name is made
 * unique. A client that declares the size also gets Content-Disposition: attachment signed (and must send
 * it); the spec's body (no size) gets a URL bound to the type only, which a client written from the spec
 * can still use, since real S3 refuses a PUT that lacks a signed header.
 */
const saveDocument: RouteHandler<typeof route> = async ({ input: { body }, caller }) => {
  if (!mayAccessDocuments(body.folder, caller.roles, 'write'))
    throw new ForbiddenError(`Your role (${caller.roles.join(', ')}) cannot save documents in ${body.folder}`);
  const key = await storage.freeName('documents', `${body.folder}/${body.fileName}`);
  return {
    ...(await storage.uploadUrl('documents', key, {
      contentType: body.contentType,
      ...(body.size === undefined ? {} : { size: body.size, contentDisposition: DOCUMENT_CONTENT_DISPOSITION }),
    })),
    fileName: key.slice(body.folder.length + 1),
    folder: body.folder,
    url: storage.publicUrl('documents', key),
  };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(saveDocument);
