import type { Order, OrderSummary } from '@bo/shared';
import type { Caller } from '../domain';

/** The caller reads orders only as a driver (no other order-reading role). */
export const driverOnly = (caller: Caller): boolean =>
  !caller.isAdmin &&
  caller.roles.includes('DRIVER') &&
  !caller.roles.some((r) => ['SALES', 'PURCHASING', 'INVENTORY'].includes(r));

/** Everyone the route lets in reads any order, except a driver-only caller: their own deliveries only. */
export const readableBy = (order: Pick<Order | OrderSummary, 'driverId'>, caller: Caller): boolean =>
  !driverOnly(caller) || order.driverId === caller.userId;
