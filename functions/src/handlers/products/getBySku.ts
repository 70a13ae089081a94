import middy from '@middy/core';
import { productsGetBySkuRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { getBySku as findBySku } from '#data';

const route = productsGetBySkuRoute;

/** 404 `Unknown SKU` without a product, 404 `No batch for this SKU` when it has no batch. */
const getBySku: RouteHandler<typeof route> = async ({ input: { params } }) => findBySku(params.sku);

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getBySku);
