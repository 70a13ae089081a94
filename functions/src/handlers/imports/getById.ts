import middy from '@middy/core';
import { importsGetByIdRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as imports from '#data/imports';

const route = importsGetByIdRoute;

/** One import and a page of its dry run; an import whose file has arrived starts its dry run. */
const getById: RouteHandler<typeof route> = async ({ input: { params, query }, caller }) => {
  const item = await imports.readIfUploaded(await imports.readImportFor(params.id, caller.roles));
  return { ...imports.toImportJob(item), ...(await imports.planPage(item, query)) };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getById);
