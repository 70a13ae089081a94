import middy from '@middy/core';
import { documentFilterProblem, folderOfFilter, mayAccessDocuments, storageListRoute } from '@bo/shared';
import { api, BadRequestError, ForbiddenError, type RouteEvent, type RouteHandler } from '#http';
import * as storage from '#data/storage';

const route = storageListRoute;

/**
 * Images: every file, or those whose name starts with `?filter=`. Documents: only under one folder
 * (`?filter=invoices/{customer}_{orderNum}`), for the roles that may read that folder.
 */
const list: RouteHandler<typeof route> = async ({ input: { params, query }, caller }) => {
  const filter = query.filter ?? '';
  if (params.bucket === 'images') {
    if (filter.includes('/')) throw new BadRequestError('Filter must not contain slashes (query.filter)');
    return storage.listFiles('images', filter);
  }
  const problem = documentFilterProblem(filter);
  if (problem) throw new BadRequestError(`${problem} (query.filter)`);
  const folder = folderOfFilter(filter);
  if (!mayAccessDocuments(folder, caller.roles, 'read'))
    throw new ForbiddenError(`Your role (${caller.roles.join(', ')}) cannot read documents in ${folder}`);
  return storage.listFiles('documents', filter.includes('/') ? filter : `${filter}/`);
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(list);
