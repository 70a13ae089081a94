import { DELIVERY_MESSAGES, type SetRouteOrderBody, foreignStops } from '@bo/shared';
import { ForbiddenError } from '../../domain';
import { put } from '../core';
import { routeOrderEntity } from './entity';
import { driverDaySources } from './reads';

/**
 * PUT deliveries/setRouteOrder: the order a driver will drive a day's stops in, one item per driver and day
 * (rewritten whole: the last order saved wins, as on the phone). Every id must be one of the caller's stops of
 * that day, else a 403 naming it.
 */
export async function setRouteOrder(driverId: string, body: SetRouteOrderBody) {
  const mine = new Set((await driverDaySources(driverId, body.day)).map((s) => s.header.orderId));
  const foreign = foreignStops(body.orderIds, mine);
  if (foreign.length) throw new ForbiddenError(`${DELIVERY_MESSAGES.notYourStop} (${foreign.join(', ')})`);
  await put(routeOrderEntity, {
    driverId,
    day: body.day,
    orderIds: body.orderIds,
    modifiedOn: new Date().toISOString(),
  });
  return { day: body.day, orderIds: body.orderIds };
}
