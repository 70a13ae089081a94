import * as z from '../zod';
import {
  createInvoiceBody,
  customerOrdersParam,
  newOrderBody,
  orderIdParam,
  orderSummarySchema,
  pendingOrderItemSchema,
  pendingOutboundSchema,
  rangeQuery,
  releaseHoldBody,
  setOrderStatusBody,
  skuParam,
  updateOrderBody,
  weekParams,
} from '../schemas/order-bodies';
import { orderSchema } from '../schemas/orders';
import { CUSTOMER_WRITERS, ORDER_READERS, ORDER_STATUS_SETTERS, ORDER_WRITERS } from '../role-matrix';
import { route } from './route';

export const ordersCreateOrderNumberRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/createOrderNumber',
  handler: 'orders/createOrderNumber',
  roles: ORDER_WRITERS,
  summary: 'Takes the next order number from the atomic counter (unique under concurrency; a GET, as in the spec).',
  grants: { table: 'readWrite' },
  response: z.object({ orderNum: z.string() }),
});

export const ordersNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/orders/new',
  handler: 'orders/new',
  roles: ORDER_WRITERS,
  summary:
    'Creates an order with its lines, stock reservations and change-log entry in one transaction. Batch units are re-checked: 409 when another order took them first. An Idempotency-Key header makes a retry return the first result.',
  body: newOrderBody,
  response: orderSchema,
});

export const ordersGetByIDRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getByID/{id}',
  handler: 'orders/getByID',
  roles: [...ORDER_READERS, 'DRIVER'],
  summary:
    'One order with its lines (as `res`, spec section 7), by id or by order number. A driver reads only the deliveries assigned to them.',
  params: orderIdParam,
  response: z.object({ res: orderSchema }),
});

export const ordersUpdateRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/orders/update/{id}',
  handler: 'orders/update',
  roles: ORDER_WRITERS,
  summary:
    'Changes an order: fields given, lines (orderItems) when given; stock moves by what the order holds after minus before, in one transaction; 409 on a stale modifiedOn or taken batch units.',
  params: orderIdParam,
  body: updateOrderBody,
  response: orderSchema,
});

export const ordersSetStatusRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/orders/setStatus/{id}',
  handler: 'orders/setStatus',
  roles: ORDER_STATUS_SETTERS,
  summary:
    'Status-only change (beyond the spec): inventory staff move orders through fulfilment; a driver marks their own deliveries DELIVERED.',
  params: orderIdParam,
  body: setOrderStatusBody,
  response: orderSchema,
});

export const ordersReleaseHoldRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/orders/releaseHold/{id}',
  handler: 'orders/releaseHold',
  roles: ['ADMIN'],
  summary:
    "Releases an order's credit hold (issue 23, ADMIN; body { note, modifiedOn? }): the order may then move past RECEIVED; the hold, who released it and why stay on the order (creditHoldReleased) and in its change log. 409 when the order is not on hold or changed since.",
  params: orderIdParam,
  body: releaseHoldBody,
  response: orderSchema,
});

export const ordersGetPendingOrdersRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getPendingOrders',
  handler: 'orders/getPendingOrders',
  roles: ORDER_READERS,
  summary:
    'Open orders (RECEIVED, FULFILLMENT, PACKED) with their lines (spec path has a trailing slash; both forms are served).',
  timeoutSeconds: 20,
  response: z.array(orderSchema),
});

export const ordersGetPendingOrderItemsForTagsRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getPendingOrderItemsForTags',
  handler: 'orders/getPendingOrderItemsForTags',
  roles: ORDER_READERS,
  summary: 'Every line of the open orders: what batch allocation subtracts and the tag screens list.',
  timeoutSeconds: 20,
  response: z.array(pendingOrderItemSchema),
});

export const ordersGetPendingOutboundStockRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getPendingOutboundStock/{sku}',
  handler: 'orders/getPendingOutboundStock',
  roles: 'ALL',
  summary:
    'The open orders holding a SKU: order number and quantity, and the customer name for the roles that read sales orders (the Pending Orders popover).',
  params: skuParam,
  response: z.array(pendingOutboundSchema),
});

export const ordersGetByCustomerRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getByCustomer/{customerId}',
  handler: 'orders/getByCustomer',
  roles: ORDER_READERS,
  summary: "A customer's orders, newest first, without lines; optional ?from=&to= narrow by creation date.",
  params: customerOrdersParam,
  query: rangeQuery,
  response: z.array(orderSummarySchema),
});

export const ordersGetByWeekRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getByWeek/{fromISO}/{toISO}',
  handler: 'orders/getByWeek',
  roles: ORDER_READERS,
  summary: 'Orders created between two instants (at most 400 days apart), newest first, without lines.',
  params: weekParams,
  response: z.array(orderSummarySchema),
});

export const ordersGetMyDeliveriesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/orders/getMyDeliveries',
  handler: 'orders/getMyDeliveries',
  roles: ['DRIVER'],
  summary: "The driver's view (beyond the spec): open delivery orders assigned to the caller, by delivery date.",
  response: z.array(orderSchema),
});

export const customersGetAllOrdersRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getAllOrders/{customerId}',
  handler: 'customers/getAllOrders',
  roles: CUSTOMER_WRITERS,
  summary: "A customer's orders (View Orders, as `res`), newest first, without lines; optional ?from=&to=.",
  params: customerOrdersParam,
  query: rangeQuery,
  response: z.object({ res: z.array(orderSummarySchema) }),
});

export const storageCreateInvoiceRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/storage/createInvoice',
  handler: 'storage/createInvoice',
  roles: [...ORDER_READERS, 'DRIVER'],
  summary: "Renders an order's invoice PDF on the server (the same document the browser builds); binary response.",
  timeoutSeconds: 20,
  nodeModules: ['pdfmake'],
  grants: { table: 'read' },
  body: createInvoiceBody,
  response: z.unknown(),
});

/** Sales orders (issue 5). Locations are in ./locations.ts. */
export const orderRoutes = {
  'orders.createOrderNumber': ordersCreateOrderNumberRoute,
  'orders.new': ordersNewRoute,
  'orders.getByID': ordersGetByIDRoute,
  'orders.update': ordersUpdateRoute,
  'orders.setStatus': ordersSetStatusRoute,
  'orders.releaseHold': ordersReleaseHoldRoute,
  'orders.getPendingOrders': ordersGetPendingOrdersRoute,
  'orders.getPendingOrderItemsForTags': ordersGetPendingOrderItemsForTagsRoute,
  'orders.getPendingOutboundStock': ordersGetPendingOutboundStockRoute,
  'orders.getByCustomer': ordersGetByCustomerRoute,
  'orders.getByWeek': ordersGetByWeekRoute,
  'orders.getMyDeliveries': ordersGetMyDeliveriesRoute,
  'customers.getAllOrders': customersGetAllOrdersRoute,
  'storage.createInvoice': storageCreateInvoiceRoute,
};
