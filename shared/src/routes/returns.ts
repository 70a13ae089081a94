import * as z from '../zod';
import {
  confirmRestockBody,
  newReturnBody,
  newReturnResponse,
  returnCustomerParam,
  returnIdParam,
  returnListQuery,
  returnOrderParam,
  returnSchema,
} from '../schemas/returns';
import { RESTOCK_CONFIRMERS, RETURN_READERS, RETURN_WRITERS } from '../role-matrix';
import { route } from './route';

export const returnsNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/returns/new',
  handler: 'returns/new',
  roles: RETURN_WRITERS,
  summary:
    "Returns goods of a delivered or completed order (issue 23): body { orderId, reason, lines: [{ productSku, quantity, disposition RESTOCK|WRITE_OFF }], settlement CREDIT|REFUND, method (a refund's) }. Lines priced as sold, the order's discount shared pro rata, to the cent; never more than sold less already returned. One conditional transaction: the return with its credit-note number, restocked units back into stock and into the batches they left, the order's balance, the customer's credit and what they owe, change-log entries. Answers { id, creditNoteNum, amount } and the rest of the return. An Idempotency-Key header makes a retry answer the first return.",
  body: newReturnBody,
  response: newReturnResponse,
});

export const returnsGetByIdRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/returns/getById/{id}',
  handler: 'returns/getById',
  roles: RETURN_READERS,
  summary: 'One return (its credit note); INVENTORY gets it without prices and amounts.',
  params: returnIdParam,
  response: returnSchema,
});

export const returnsGetByOrderRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/returns/getByOrder/{orderId}',
  handler: 'returns/getByOrder',
  roles: RETURN_READERS,
  summary: "An order's returns (by order id or number), oldest first; INVENTORY without prices.",
  params: returnOrderParam,
  response: z.array(returnSchema),
});

export const returnsGetByCustomerRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/returns/getByCustomer/{customerId}',
  handler: 'returns/getByCustomer',
  roles: RETURN_READERS,
  summary: "A customer's returns, newest first (beyond the issue: the customer's page); INVENTORY without prices.",
  params: returnCustomerParam,
  response: z.array(returnSchema),
});

export const returnsGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/returns/getAll',
  handler: 'returns/getAll',
  roles: RETURN_READERS,
  summary:
    'Returns made in a range, newest first: ?from=&to= (YYYY-MM-DD, default the last 30 days, at most 400 days); INVENTORY without prices.',
  query: returnListQuery,
  response: z.array(returnSchema),
});

export const returnsConfirmRestockRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/returns/confirmRestock/{id}',
  handler: 'returns/confirmRestock',
  roles: RESTOCK_CONFIRMERS,
  summary:
    'INVENTORY confirms the restocked units of a return are back on the shelf (body { note? }): recorded on the return with who and when, and in its change log. 409 when it has nothing restocked; confirming again answers it as it is.',
  params: returnIdParam,
  body: confirmRestockBody,
  response: returnSchema,
});

/** Returns and credit notes (issue 23, section 3). */
export const returnRoutes = {
  'returns.new': returnsNewRoute,
  'returns.getById': returnsGetByIdRoute,
  'returns.getByOrder': returnsGetByOrderRoute,
  'returns.getByCustomer': returnsGetByCustomerRoute,
  'returns.getAll': returnsGetAllRoute,
  'returns.confirmRestock': returnsConfirmRestockRoute,
};
