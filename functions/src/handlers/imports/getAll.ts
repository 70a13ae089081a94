import middy from '@middy/core';
import { importsGetAllRoute, mayImport } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as imports from '#data/imports';

const route = importsGetAllRoute;

/** The latest imports of the kinds the caller may import. */
const getAll: RouteHandler<typeof route> = async ({ caller }) =>
  (await imports.listImportItems()).filter((item) => mayImport(item.kind, caller.roles)).map(imports.toImportJob);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
