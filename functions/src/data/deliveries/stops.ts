import { DELIVERY_MESSAGES } from '@bo/shared';
import { ConflictError, ForbiddenError } from '../../domain';
import type { OrderHeaderItem } from '../orders/entity';

/** Whose stop an order is, and the refusals a driver's action on it meets (the office's changes). */

/** Whether this header is a delivery assigned to this driver (any status). */
export const isStopOf = (h: Pick<OrderHeaderItem, 'pickupOrder' | 'driverId'>, driverId: string) =>
  !h.pickupOrder && h.driverId === driverId;

export const notYourStop = () => new ForbiddenError(DELIVERY_MESSAGES.notYourStop);

export const cancelledInOffice = (orderNum: string) =>
  new ConflictError(`Order ${orderNum} was cancelled in the office`);

export const changedInOffice = (orderNum: string) =>
  new ConflictError(`Order ${orderNum} was changed in the office after you loaded it; reload it`);
