import middy from '@middy/core';
import { payrollGetPeriodsRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listPeriods } from '#data';

const route = payrollGetPeriodsRoute;

const getPeriods: RouteHandler<typeof route> = async () => listPeriods();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getPeriods);
