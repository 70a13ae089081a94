import middy from '@middy/core';
import { productsGetByIDRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getProduct } from '#data';

const route = productsGetByIDRoute;

const getByID: RouteHandler<typeof route> = async ({ input: { params } }) => {
  const product = await getProduct(params.id);
  if (!product) throw new NotFoundError('Product not found');
  return product;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getByID);
