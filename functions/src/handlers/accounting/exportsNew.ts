import middy from '@middy/core';
import { accountingExportsNewRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf } from '#data';
import * as accounting from '#data/accounting';

const route = accountingExportsNewRoute;

/** Records the export and leaves the work to the job (its INSERT wakes it): a 30,000-order range outlasts a request. */
const exportsNew: RouteHandler<typeof route> = async ({ input: { body }, caller }) =>
  accounting.toAccountingExport(await accounting.createExport(body, actorOf(caller)));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(exportsNew);
