import middy from '@middy/core';
import { accountingExportsGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { accounting } from '#data';

const route = accountingExportsGetAllRoute;

const exportsGetAll: RouteHandler<typeof route> = async () =>
  Promise.all((await accounting.listExportItems()).map((item) => accounting.toAccountingExport(item)));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(exportsGetAll);
