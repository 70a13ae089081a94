import middy from '@middy/core';
import { productsGetExtractTypesRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listExtractTypes } from '#data';

const route = productsGetExtractTypesRoute;

const getExtractTypes: RouteHandler<typeof route> = async () => listExtractTypes();

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getExtractTypes);
