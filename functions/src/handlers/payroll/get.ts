import middy from '@middy/core';
import { payrollGetRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getPeriod } from '#data';

const route = payrollGetRoute;

/** The period with a row per SALES user and per saved row; a period never saved reads as an empty draft. */
const get: RouteHandler<typeof route> = async ({ input: { params } }) => getPeriod(params);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(get);
