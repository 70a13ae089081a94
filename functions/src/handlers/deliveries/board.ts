import middy from '@middy/core';
import { deliveriesBoardRoute } from '@bo/shared';
import { api, type RouteEvent, type RouteHandler } from '#http';
import { deliveryBoard, deliveryToday } from '#data';

const route = deliveriesBoardRoute;

const board: RouteHandler<typeof route> = async ({ input: { query } }) => deliveryBoard(query.day ?? deliveryToday());

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(board);
