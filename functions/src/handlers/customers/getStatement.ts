import middy from '@middy/core';
import { customersGetStatementRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getStatement } from '#data';

const route = customersGetStatementRoute;

/** Opening balance, the period's invoices and payments with a running balance, closing balance and ageing. */
const statement: RouteHandler<typeof route> = async ({ input: { params, query } }) =>
  getStatement(params.customerId, query);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(statement);
