import middy from '@middy/core';
import { reportsSalesRoute, salesReportScope, filtersOf } from '@bo/shared';
import { api, BadRequestError, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsSalesRoute;

/** The sales report; a SALES caller's is their own customers' (the rep filter set to them). */
const sales: RouteHandler<typeof route> = async ({ input: { query }, caller }) => {
  const scope = salesReportScope(caller);
  for (const { dimension } of filtersOf(query)) {
    const refused = scope.refuse?.(dimension);
    if (refused) throw new BadRequestError(refused);
  }
  return reports.readSalesReport(query, scope.rep ? { rep: scope.rep } : {});
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(sales);
