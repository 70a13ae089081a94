import middy from '@middy/core';
import { customersGetAllRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listCustomers } from '#data';

const route = customersGetAllRoute;

const getAll: RouteHandler<typeof route> = async () => listCustomers();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
