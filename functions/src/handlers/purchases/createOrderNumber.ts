import middy from '@middy/core';
import { purchasesCreateOrderNumberRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { previewPurchaseOrderNumber } from '#data';

const route = purchasesCreateOrderNumberRoute;

/** A preview of the next number (takes nothing; the spec's screen does not use it). */
const createOrderNumber: RouteHandler<typeof route> = async () => ({
  purchaseOrderNum: await previewPurchaseOrderNumber(),
});

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createOrderNumber);
