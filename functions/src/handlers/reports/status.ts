import middy from '@middy/core';
import { reportsStatusRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import * as reports from '#data/reports';

const route = reportsStatusRoute;

const status: RouteHandler<typeof route> = async () => reports.reportStatus(await reports.readReportState());

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(status);
