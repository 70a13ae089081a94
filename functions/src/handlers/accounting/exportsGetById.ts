import middy from '@middy/core';
import { accountingExportsGetByIdRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as accounting from '#data/accounting';

const route = accountingExportsGetByIdRoute;

const exportsGetById: RouteHandler<typeof route> = async ({ input: { params } }) => {
  const item = await accounting.getExportItem(params.id, true);
  if (!item) throw accounting.exportNotFound();
  return accounting.withDownloadLinks(accounting.toAccountingExport(item));
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(exportsGetById);
