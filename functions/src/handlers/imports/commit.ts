import middy from '@middy/core';
import { IMPORT_MESSAGES, importsCommitRoute } from '@bo/shared';
import { api, ConflictError, type RouteEvent, type RouteHandler } from '#http';
import { actorOf } from '#data';
import * as imports from '#data/imports';

const route = importsCommitRoute;

/** Writes what the dry run showed, as the job; committing again answers the import as it is. */
const commit: RouteHandler<typeof route> = async ({ input: { params }, caller }) => {
  const item = await imports.readImportFor(params.id, caller.roles);
  if (item.status === 'COMMITTING') await imports.resumeImport(item);
  if (item.status === 'COMMITTING' || item.status === 'DONE') return imports.toImportJob(item);
  if (item.status !== 'PLANNED') throw new ConflictError(IMPORT_MESSAGES.notPlanned(item.status));
  return imports.toImportJob(await imports.startCommit(item, actorOf(caller)));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(commit);
