import middy from '@middy/core';
import { paymentsGetByIdRoute } from '@bo/shared';
import { api, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getPayment } from '#data';

const route = paymentsGetByIdRoute;

const getById: RouteHandler<typeof route> = async ({ input: { params } }) => {
  const payment = await getPayment(params.id);
  if (!payment) throw new NotFoundError('Payment not found');
  return payment;
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(getById);
