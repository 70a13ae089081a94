import middy from '@middy/core';
import { productsGetByBrandIDRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductsByBrand } from '#data';

const route = productsGetByBrandIDRoute;

const getByBrandID: RouteHandler<typeof route> = async ({ input: { params } }) => ({
  res: (await listProductsByBrand(params.brandId)).products,
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByBrandID);
