import middy from '@middy/core';
import { IMPORT_MESSAGES, importsNewRoute, mayImport } from '@bo/shared';
import { api, ForbiddenError, type RouteEvent, type RouteHandler } from '#http';
import { actorOf } from '#data';
import * as imports from '#data/imports';
import * as storage from '#data/storage';

const route = importsNewRoute;

/**
 * Starts an import of a kind the caller may import, and signs the PUT of its file: bound to the file's type and,
 * when the size is declared, its length. The file is stored under the import's id, never under the user's name.
 */
const createNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) => {
  if (!mayImport(body.kind, caller.roles)) throw new ForbiddenError(IMPORT_MESSAGES.forbidden(body.kind));
  const item = await imports.createImport(body, actorOf(caller));
  const upload = await storage.uploadUrl('documents', imports.importFileName(item.importId, item.fileType), {
    contentType: body.contentType,
    ...(body.size === undefined ? {} : { size: body.size }),
  });
  return { id: item.importId, ...upload, import: imports.toImportJob(item) };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createNew);
