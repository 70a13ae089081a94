import middy from '@middy/core';
import { productsCreateSKURoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { previewSku } from '#data';

const route = productsCreateSKURoute;

/** A preview: reads the counter without taking a number. */
const createSKU: RouteHandler<typeof route> = async ({ input: { query } }) => ({
  sku: await previewSku(query.brandID, query.typeID),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createSKU);
