import * as z from '../zod';
import {
  onOrderQuery,
  onOrderSchema,
  purchaseBrandParam,
  purchaseOrderIdParam,
  purchaseOrderListQuery,
  purchaseOrderSchema,
  purchaseOrderSummarySchema,
  receivePurchaseOrderBody,
} from '../schemas/purchase-orders';
import { newPurchaseOrderBody, updatePurchaseOrderBody } from '../schemas/purchases';
import { PURCHASE_READERS, PURCHASE_RECEIVERS, PURCHASE_WRITERS } from '../role-matrix';
import { route } from './route';

export const purchasesCreateOrderNumberRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/purchases/createOrderNumber/{brandId}',
  handler: 'purchases/createOrderNumber',
  roles: PURCHASE_WRITERS,
  summary:
    'A preview of the next purchase-order number (the spec: the creating screen does not use it); the real one is taken from the atomic counter on create.',
  grants: { table: 'read' },
  params: purchaseBrandParam,
  response: z.object({ purchaseOrderNum: z.string() }),
});

export const purchasesNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/purchases/new',
  handler: 'purchases/new',
  roles: PURCHASE_WRITERS,
  summary:
    'Creates a purchase order (DRAFT or PENDING) with its lines and change-log entry in one transaction; the number comes from an atomic counter, totals and product snapshots from the server. Answers the order, `purchaseOrderNum` and `id` included.',
  body: newPurchaseOrderBody,
  response: purchaseOrderSchema,
});

export const purchasesGetByIdRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/purchases/getById/{id}',
  handler: 'purchases/getById',
  roles: PURCHASE_READERS,
  summary: 'One purchase order with its lines (as `res`), by id or by purchase-order number.',
  params: purchaseOrderIdParam,
  response: z.object({ res: purchaseOrderSchema }),
});

export const purchasesUpdateRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/purchases/update/{id}',
  handler: 'purchases/update',
  roles: PURCHASE_WRITERS,
  summary:
    'Changes a purchase order (the create body plus purchaseOrderNum); moving it to RECEIVED or COMPLETED receives its unstocked lines in the same transaction. 409 on a stale modifiedOn; cancelling a received order is refused. Answers the order without brand.',
  params: purchaseOrderIdParam,
  body: updatePurchaseOrderBody,
  response: z.omit(purchaseOrderSchema, { brand: true }),
});

export const purchasesReceiveRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/purchases/receive/{id}',
  handler: 'purchases/receive',
  roles: PURCHASE_RECEIVERS,
  summary:
    'Receives lines into stock (beyond the spec): the SKUs named, or every unstocked line. Each line adds its units through the stock ledger, checks in a batch for batched products and is marked stocked, once only, in one transaction.',
  params: purchaseOrderIdParam,
  body: receivePurchaseOrderBody,
  response: purchaseOrderSchema,
});

export const purchasesGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/purchases/getAll',
  handler: 'purchases/getAll',
  roles: PURCHASE_READERS,
  summary:
    'Purchase orders without their lines, newest first; optional ?brandId=&status=&from=&to= (the Purchase Orders page).',
  query: purchaseOrderListQuery,
  response: z.array(purchaseOrderSummarySchema),
});

export const purchasesGetOnOrderRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/purchases/getOnOrder',
  handler: 'purchases/getOnOrder',
  roles: PURCHASE_READERS,
  summary: 'Per product, the units on open purchase orders (PENDING, ORDERED; unstocked lines); optional ?brandId=.',
  query: onOrderQuery,
  response: z.array(onOrderSchema),
});

/** Purchase orders to brands (issue 12). */
export const purchaseRoutes = {
  'purchases.createOrderNumber': purchasesCreateOrderNumberRoute,
  'purchases.new': purchasesNewRoute,
  'purchases.getById': purchasesGetByIdRoute,
  'purchases.update': purchasesUpdateRoute,
  'purchases.receive': purchasesReceiveRoute,
  'purchases.getAll': purchasesGetAllRoute,
  'purchases.getOnOrder': purchasesGetOnOrderRoute,
};
