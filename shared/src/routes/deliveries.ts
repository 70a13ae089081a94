import {
  boardQuery,
  collectBody,
  collectionIdParam,
  collectionSchema,
  collectionsQuery,
  completeStopBody,
  completeStopResponse,
  dayQuery,
  deliveryBoardSchema,
  deliveryOrderParam,
  driverDaySchema,
  orderDeliveriesSchema,
  rejectCollectionBody,
  routeOrderSchema,
  setRouteOrderBody,
} from '../schemas/deliveries';
import * as z from '../zod';
import { COLLECTION_CONFIRMERS, DELIVERY_BOARD_READERS, ORDER_READERS } from '../role-matrix';
import { route } from './route';

/** A driver's day on a phone (issue 26): stops, proof of delivery, exceptions, money collected; the office's side. */

export const deliveriesMyDayRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/deliveries/myDay',
  handler: 'deliveries/myDay',
  roles: ['DRIVER'],
  summary:
    "The caller's stops of a day (default today) in their route order: each open delivery assigned to them due that day or before, and the stops they recorded that day; with the lines, the customer's address and contact, the packing location, the amount due, the last record; what they collected and the day-end summary.",
  query: dayQuery,
  response: driverDaySchema,
});

export const deliveriesSetRouteOrderRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/deliveries/setRouteOrder',
  handler: 'deliveries/setRouteOrder',
  roles: ['DRIVER'],
  summary:
    "Keeps the order the driver will drive a day's stops in (body { day, orderIds }); ids that are not the caller's stops are a 403. Stops missing from the list keep their place after the listed ones.",
  body: setRouteOrderBody,
  response: routeOrderSchema,
});

export const deliveriesCompleteRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/deliveries/complete/{orderId}',
  handler: 'deliveries/complete',
  roles: ['DRIVER'],
  summary:
    "Records what happened at one of the caller's stops: DELIVERED or PARTIAL with proof (a photo and/or a signature, raster images stored in the documents bucket), the receiver's name, note, time and position, making the order DELIVERED (PARTIAL's lines not delivered go back to stock through a return); NOBODY_THERE or REFUSED with a reason. 409 with the reason when the order changed or was cancelled since the driver loaded it (modifiedOn). An Idempotency-Key header makes a replay answer the first result.",
  grants: { buckets: ['documents'] },
  timeoutSeconds: 20,
  params: deliveryOrderParam,
  body: completeStopBody,
  response: completeStopResponse,
});

export const deliveriesCollectRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/deliveries/collect/{orderId}',
  handler: 'deliveries/collect',
  roles: ['DRIVER'],
  summary:
    "Records cash or a check taken at the door for one of the caller's stops, pending until the office confirms it; never more than the order's balance less what is already pending on it (400). An Idempotency-Key header makes a replay answer the first collection.",
  params: deliveryOrderParam,
  body: collectBody,
  response: collectionSchema,
});

export const deliveriesCollectionsRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/deliveries/collections',
  handler: 'deliveries/collections',
  roles: COLLECTION_CONFIRMERS,
  summary: 'Money drivers collected, by status (default PENDING), optionally of one day; newest first.',
  query: collectionsQuery,
  response: z.array(collectionSchema),
});

export const deliveriesConfirmCollectionRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/deliveries/confirmCollection/{id}',
  handler: 'deliveries/confirmCollection',
  roles: COLLECTION_CONFIRMERS,
  summary:
    "Makes a pending collection a payment applied to its order, like any other payment, in one transaction with the collection's new status; refused (409) when the order's balance changed since the driver collected it, or when it was decided already.",
  params: collectionIdParam,
  response: collectionSchema,
});

export const deliveriesRejectCollectionRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/deliveries/rejectCollection/{id}',
  handler: 'deliveries/rejectCollection',
  roles: COLLECTION_CONFIRMERS,
  summary:
    'Rejects a pending collection with a reason (the money is not taken as a payment); 409 when decided already.',
  params: collectionIdParam,
  body: rejectCollectionBody,
  response: collectionSchema,
});

export const deliveriesBoardRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/deliveries/board',
  handler: 'deliveries/board',
  roles: DELIVERY_BOARD_READERS,
  summary: "Every driver's stops of a day (default today) in route order with their state, and what each collected.",
  query: boardQuery,
  response: deliveryBoardSchema,
});

export const deliveriesGetByOrderRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/deliveries/getByOrder/{orderId}',
  handler: 'deliveries/getByOrder',
  roles: [...ORDER_READERS, 'DRIVER'],
  summary:
    "An order's delivery records (proof images as 60 s links) and money collected for it: for the roles that read the order; a driver for their own stops only.",
  grants: { buckets: ['documents'], bucketAccess: 'read' },
  params: deliveryOrderParam,
  response: orderDeliveriesSchema,
});

export const deliveryRoutes = {
  'deliveries.myDay': deliveriesMyDayRoute,
  'deliveries.setRouteOrder': deliveriesSetRouteOrderRoute,
  'deliveries.complete': deliveriesCompleteRoute,
  'deliveries.collect': deliveriesCollectRoute,
  'deliveries.collections': deliveriesCollectionsRoute,
  'deliveries.confirmCollection': deliveriesConfirmCollectionRoute,
  'deliveries.rejectCollection': deliveriesRejectCollectionRoute,
  'deliveries.board': deliveriesBoardRoute,
  'deliveries.getByOrder': deliveriesGetByOrderRoute,
} as const;
