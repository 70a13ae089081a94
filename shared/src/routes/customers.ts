import * as z from '../zod';
import { productSchema } from '../schemas/catalog';
import { idParam, segment } from '../schemas/common';
import {
  addCustomerBody,
  allPricingUpdatesSchema,
  creditStatusSchema,
  customerIdParam,
  customerPricingUpdatesSchema,
  customerSchema,
  customerWithPricingSchema,
  customPriceSchema,
  deleteCustomPricingBody,
  pricingWriteResult,
  reRunAllQuery,
  setMarginBody,
  updateBulkCustomPricingBody,
  updateCustomerBody,
  updateCustomPricingBody,
} from '../schemas/customers';
import { statementQuery, statementSchema } from '../schemas/statements';
import { CUSTOMER_WRITERS, PAYMENT_READERS } from '../role-matrix';
import { route } from './route';

const copyParams = z.object({ fromId: segment(), toId: segment() });
const brandCustomerParams = z.extend(customerIdParam, { brandId: segment() });
const typeCustomerParams = z.extend(customerIdParam, { typeId: segment() });
const pricedProducts = z.array(productSchema);

export const customersAddNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/customers/addNew',
  handler: 'customers/addNew',
  roles: CUSTOMER_WRITERS,
  summary: 'Creates a customer (name required; EMAIL, RETAIL, DELIVERY, priceAdjustment 0 by default).',
  body: addCustomerBody,
  response: customerSchema,
});

export const customersUpdateRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/customers/update/{id}',
  handler: 'customers/update',
  roles: CUSTOMER_WRITERS,
  summary: 'Updates customer fields, creditAvailable included.',
  params: idParam,
  body: updateCustomerBody,
  response: customerSchema,
});

export const customersGetByIDRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getByID/{id}',
  handler: 'customers/getByID',
  roles: CUSTOMER_WRITERS,
  summary: 'One customer with its custom prices.',
  params: idParam,
  response: customerWithPricingSchema,
});

export const customersGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getAll',
  handler: 'customers/getAll',
  roles: CUSTOMER_WRITERS,
  summary: 'Every customer, by name.',
  response: z.array(customerSchema),
});

export const customersGetAllWithCustomPricingRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getAllWithCustomPricing',
  handler: 'customers/getAllWithCustomPricing',
  roles: CUSTOMER_WRITERS,
  summary: 'Customers that have custom prices, each with its prices.',
  response: z.object({ res: z.array(customerWithPricingSchema) }),
});

export const customersGenerateAccessCodeRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/generateAccessCode/{customerId}',
  handler: 'customers/generateAccessCode',
  roles: CUSTOMER_WRITERS,
  summary: 'Gives the customer a fresh tgAccessCode (a GET, as in the spec).',
  grants: { table: 'readWrite' },
  params: customerIdParam,
  response: z.object({ accessCode: z.string() }),
});

export const customersGetAvailableCreditRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getAvailableCredit/{customerId}',
  handler: 'customers/getAvailableCredit',
  roles: CUSTOMER_WRITERS,
  summary: "The customer's available credit in dollars.",
  params: customerIdParam,
  response: z.object({ creditAvailable: z.number() }),
});

export const customersGetCreditStatusRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getCreditStatus/{customerId}',
  handler: 'customers/getCreditStatus',
  roles: CUSTOMER_WRITERS,
  summary:
    "What New Order needs to tell, before Submit, whether an order goes on credit hold (issue 23, beyond the spec): the customer's credit limit and payment terms, what they owe now and their oldest order that still owes.",
  params: customerIdParam,
  response: creditStatusSchema,
});

export const customersGetStatementRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getStatement/{customerId}',
  handler: 'customers/getStatement',
  roles: PAYMENT_READERS,
  summary:
    "A customer's statement (issue 23): the opening balance at `from`, every invoice and payment from `from` to `to` (YYYY-MM-DD; default the last 30 days; `from` at most 400 days back) in date order with a running balance, the closing balance and its ageing by days past the terms. The closing balance to today is the customer's receivables figure.",
  params: customerIdParam,
  query: statementQuery,
  response: statementSchema,
});

export const customersGetCustomPricingRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/getCustomPricing/{id}',
  handler: 'customers/getCustomPricing',
  roles: CUSTOMER_WRITERS,
  summary: "The customer's custom prices (productId, customPrice, how each was set).",
  params: idParam,
  response: z.array(customPriceSchema),
});

export const customersUpdateCustomPricingRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/customers/updateCustomPricing/{customerId}',
  handler: 'customers/updateCustomPricing',
  roles: CUSTOMER_WRITERS,
  timeoutSeconds: 29,
  summary: 'Sets one fixed custom price on the given products, in one transaction per 100 items.',
  params: customerIdParam,
  body: updateCustomPricingBody,
  response: pricingWriteResult,
});

export const customersDeleteCustomPricingRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/customers/deleteCustomPricing/{customerId}',
  handler: 'customers/deleteCustomPricing',
  roles: CUSTOMER_WRITERS,
  timeoutSeconds: 29,
  summary: 'Removes the custom price of productId or of each of productIds.',
  params: customerIdParam,
  body: deleteCustomPricingBody,
  response: pricingWriteResult,
});

export const customersCopyCustomPricingRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/customers/copyCustomPricing/{fromId}/to/{toId}',
  handler: 'customers/copyCustomPricing',
  roles: CUSTOMER_WRITERS,
  timeoutSeconds: 29,
  summary: 'Copies every custom price of one customer onto another (same products are overwritten, others kept).',
  params: copyParams,
  response: pricingWriteResult,
});

export const customersSetMarginRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/customers/setMargin/{customerId}',
  handler: 'customers/setMargin',
  roles: CUSTOMER_WRITERS,
  timeoutSeconds: 29,
  summary:
    'Applies a margin rule: the server recomputes each previewed price (409 if they differ); cost basis only for roles that may see costs.',
  params: customerIdParam,
  body: setMarginBody,
  response: pricingWriteResult,
});

export const customersReRunPricingRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/reRunPricing/{customerId}',
  handler: 'customers/reRunPricing',
  roles: CUSTOMER_WRITERS,
  summary: "The customer's pending price updates under the refresh formula (docs/customers-pricing.md), computed now.",
  params: customerIdParam,
  response: customerPricingUpdatesSchema,
});

export const customersReRunPricingAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/customers/reRunPricing',
  handler: 'customers/reRunPricingAll',
  roles: CUSTOMER_WRITERS,
  timeoutSeconds: 29,
  summary:
    'Pending price updates of every customer, most changes first: as stored by the scheduled job, or computed now with ?refresh=true.',
  query: reRunAllQuery,
  grants: { table: 'readWrite' },
  response: allPricingUpdatesSchema,
});

export const customersUpdateBulkCustomPricingRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/customers/updateBulkCustomPricing/{customerId}',
  handler: 'customers/updateBulkCustomPricing',
  roles: CUSTOMER_WRITERS,
  timeoutSeconds: 29,
  summary:
    'Applies refresh updates (pricing entries or productId + newCustomPrice items), keeping how each price was set.',
  params: customerIdParam,
  body: updateBulkCustomPricingBody,
  response: pricingWriteResult,
});

export const productsGetByBrandIDForCustomerRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getByBrandID/{brandId}/{customerId}',
  handler: 'products/getByBrandIDForCustomer',
  roles: CUSTOMER_WRITERS,
  summary: "A brand's products with the customer's custom price merged in as customPrice.",
  params: brandCustomerParams,
  response: pricedProducts,
});

export const productsGetByTypeIDForCustomerRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getByTypeID/{typeId}/{customerId}',
  handler: 'products/getByTypeIDForCustomer',
  roles: CUSTOMER_WRITERS,
  summary: "A type's products with the customer's custom price merged in as customPrice.",
  params: typeCustomerParams,
  response: pricedProducts,
});

export const customerRoutes = {
  'customers.addNew': customersAddNewRoute,
  'customers.update': customersUpdateRoute,
  'customers.getByID': customersGetByIDRoute,
  'customers.getAll': customersGetAllRoute,
  'customers.getAllWithCustomPricing': customersGetAllWithCustomPricingRoute,
  'customers.generateAccessCode': customersGenerateAccessCodeRoute,
  'customers.getAvailableCredit': customersGetAvailableCreditRoute,
  'customers.getCreditStatus': customersGetCreditStatusRoute,
  'customers.getStatement': customersGetStatementRoute,
  'customers.getCustomPricing': customersGetCustomPricingRoute,
  'customers.updateCustomPricing': customersUpdateCustomPricingRoute,
  'customers.deleteCustomPricing': customersDeleteCustomPricingRoute,
  'customers.copyCustomPricing': customersCopyCustomPricingRoute,
  'customers.setMargin': customersSetMarginRoute,
  'customers.reRunPricing': customersReRunPricingRoute,
  'customers.reRunPricingAll': customersReRunPricingAllRoute,
  'customers.updateBulkCustomPricing': customersUpdateBulkCustomPricingRoute,
  'products.getByBrandIDForCustomer': productsGetByBrandIDForCustomerRoute,
  'products.getByTypeIDForCustomer': productsGetByTypeIDForCustomerRoute,
};
