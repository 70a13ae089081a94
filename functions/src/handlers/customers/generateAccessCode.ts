import middy from '@middy/core';
import { customersGenerateAccessCodeRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { actorOf, generateAccessCode } from '#data';

const route = customersGenerateAccessCodeRoute;

/** A fresh random tgAccessCode, saved with an audit entry (a GET, as in the spec). */
const generate: RouteHandler<typeof route> = async ({ input: { params }, caller }) => ({
  accessCode: await generateAccessCode(params.customerId, actorOf(caller)),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(generate);
