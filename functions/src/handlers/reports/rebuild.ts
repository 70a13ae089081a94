import middy from '@middy/core';
import { reportsRebuildRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf } from '#data';
import * as reports from '#data/reports';

const route = reportsRebuildRoute;

/** Records the rebuild and leaves the work to the job (the state's write wakes it). */
const rebuild: RouteHandler<typeof route> = async ({ caller }) =>
  reports.reportStatus(await reports.startRebuild(actorOf(caller)));

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(rebuild);
