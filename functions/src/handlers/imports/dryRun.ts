import middy from '@middy/core';
import { IMPORT_MESSAGES, importsDryRunRoute } from '@bo/shared';
import { api, ConflictError, type RouteEvent, type RouteHandler } from '#http';
import * as imports from '#data/imports';

const route = importsDryRunRoute;

/** The file is uploaded: the job reads it into a dry run. 409 while it has not arrived. */
const dryRun: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const found = await imports.readImportFor(params.id, caller.roles);
  const item = await imports.readIfUploaded(found);
  if (item.status === 'UPLOADING') throw new ConflictError(IMPORT_MESSAGES.notUploaded);
  if (found.status === 'READING') await imports.resumeImport(found);
  return imports.toImportJob(item);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(dryRun);
