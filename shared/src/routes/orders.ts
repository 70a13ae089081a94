import { z } from 'zod';
import { ORDER_WRITERS } from './catalog-roles';
import { route } from './route';

/** Sales orders (issue 5). Locations are in ./locations.ts. */
export const orderRoutes = {
  'orders.createOrderNumber': route({
    method: 'GET',
    path: '/api/db/orders/createOrderNumber',
    handler: 'orders/createOrderNumber',
    roles: ORDER_WRITERS,
    summary: 'Takes the next order number from the atomic counter (unique under concurrency; a GET, as in the spec).',
    grants: { table: 'readWrite' },
    response: z.object({ orderNum: z.string() }),
  }),
};
