import middy from '@middy/core';
import { customerRoutes } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listCustomers } from '#data';

const route = customerRoutes['customers.getAll'];

const getAll: RouteHandler<typeof route> = async () => listCustomers();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getAll);
