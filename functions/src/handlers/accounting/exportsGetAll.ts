import middy from '@middy/core';
import { accountingExportsGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as accounting from '#data/accounting';

const route = accountingExportsGetAllRoute;

const exportsGetAll: RouteHandler<typeof route> = async () =>
  (await accounting.listExportItems()).map(accounting.toAccountingExport);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(exportsGetAll);
