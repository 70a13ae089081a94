/** A driver's day (issue 26): stops, proof of delivery, exceptions, money collected; the office's side. */
export { completeStop } from './complete';
export { isStopOf, notYourStop } from './stops';
export { collect, confirmCollection, rejectCollection } from './collections';
export { deliveryBoard, driverDay, listCollections } from './reads';
export { orderDeliveries } from './order-deliveries';
export { today as deliveryToday } from './records';
export { setRouteOrder } from './route-order';
