import middy from '@middy/core';
import { brandsGetByIDRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { listProductsByBrand, toBrand } from '#data';

const route = brandsGetByIDRoute;

/** The brand with its products and limits. */
const getByID: RouteHandler<typeof route> = async ({ input: { params } }) => {
  const { brand, products } = await listProductsByBrand(params.id);
  return { ...toBrand(brand), products };
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByID);
