import * as z from '../zod';
import {
  addBatchBody,
  addProductBody,
  batchSchema,
  nameBody,
  namedSchema,
  productSchema,
  skuQuery,
  typeWithCountSchema,
  updateBatchBody,
  updateProductBody,
} from '../schemas/catalog';
import { idParam, segment } from '../schemas/common';
import { CATALOG_WRITERS } from '../role-matrix';
import { route } from './route';

const productIdParam = z.object({ productId: segment() });

export const productsAddNewProductTypeRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/products/addNewProductType',
  handler: 'products/addNewProductType',
  roles: CATALOG_WRITERS,
  summary: 'Creates a product type (name required).',
  body: nameBody,
  response: namedSchema,
});

export const productsUpdateProductTypeRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/products/updateProductType/{id}',
  handler: 'products/updateProductType',
  roles: CATALOG_WRITERS,
  summary: 'Renames a product type or sets its image (EditProductType; not in spec section 7).',
  params: idParam,
  body: nameBody,
  response: namedSchema,
});

export const productsAddNewExtractTypeRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/products/addNewExtractType',
  handler: 'products/addNewExtractType',
  roles: CATALOG_WRITERS,
  summary: 'Creates an extract type (name required).',
  body: nameBody,
  response: namedSchema,
});

export const productsGetProductTypesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getProductTypes',
  handler: 'products/getProductTypes',
  roles: 'ALL',
  summary: 'Every product type, by name.',
  response: z.array(namedSchema),
});

export const productsGetExtractTypesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getExtractTypes',
  handler: 'products/getExtractTypes',
  roles: 'ALL',
  summary: 'Every extract type, by name.',
  response: z.array(namedSchema),
});

export const productsGetProductTypesWithProductCountRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getProductTypesWithProductCount',
  handler: 'products/getProductTypesWithProductCount',
  roles: 'ALL',
  summary: 'Product types with how many products each has (id, name, image, count).',
  response: z.array(typeWithCountSchema),
});

export const productsAddNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/products/addNew',
  handler: 'products/addNew',
  roles: CATALOG_WRITERS,
  summary: 'Creates a product; the server assigns its unique SKU from brand and type.',
  body: addProductBody,
  response: productSchema,
});

export const productsUpdateRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/products/update/{id}',
  handler: 'products/update',
  roles: CATALOG_WRITERS,
  summary: 'Updates product fields, or hideFromCatalog alone, or stock with a note (a stock adjustment).',
  params: idParam,
  body: updateProductBody,
  response: productSchema,
});

export const productsGetByIDRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getByID/{id}',
  handler: 'products/getByID',
  roles: 'ALL',
  summary: 'One product with its batches (orderBatches).',
  params: idParam,
  response: productSchema,
});

export const productsGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getAll',
  handler: 'products/getAll',
  roles: 'ALL',
  summary: 'Every product (spec path has a trailing slash; both forms are served).',
  response: z.array(productSchema),
});

export const productsGetBySkuRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getBySku/{sku}',
  handler: 'products/getBySku',
  roles: 'ALL',
  summary: "The SKU's product and batches; 404 when the SKU has no batch.",
  params: z.object({ sku: segment(64) }),
  response: z.object({
    sku: z.string(),
    productId: z.string(),
    name: z.string(),
    hasBatch: z.literal(true),
    batches: z.array(batchSchema),
  }),
});

export const productsCreateSKURoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/createSKU',
  handler: 'products/createSKU',
  roles: 'ALL',
  summary: 'The SKU the next product of this brand and type would get (a preview; addNew assigns it).',
  query: skuQuery,
  response: z.object({ sku: z.string() }),
});

export const productsGetByBrandIDRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/products/getByBrandID/{brandId}',
  handler: 'products/getByBrandID',
  roles: 'ALL',
  summary: "A brand's products.",
  params: z.object({ brandId: segment() }),
  response: z.object({ res: z.array(productSchema) }),
});

export const productsAddBatchRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/products/addBatch/{productId}',
  handler: 'products/addBatch',
  roles: CATALOG_WRITERS,
  summary: 'Adds a batch (batch number, received on, quantity) to a product (not in spec section 7).',
  params: productIdParam,
  body: addBatchBody,
  response: batchSchema,
});

export const productsUpdateBatchRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/products/updateBatch/{productId}/{batchId}',
  handler: 'products/updateBatch',
  roles: CATALOG_WRITERS,
  summary: 'Checks a batch in or corrects it (not in spec section 7).',
  params: z.extend(productIdParam, { batchId: segment() }),
  body: updateBatchBody,
  response: batchSchema,
});

export const productRoutes = {
  'products.addNewProductType': productsAddNewProductTypeRoute,
  'products.updateProductType': productsUpdateProductTypeRoute,
  'products.addNewExtractType': productsAddNewExtractTypeRoute,
  'products.getProductTypes': productsGetProductTypesRoute,
  'products.getExtractTypes': productsGetExtractTypesRoute,
  'products.getProductTypesWithProductCount': productsGetProductTypesWithProductCountRoute,
  'products.addNew': productsAddNewRoute,
  'products.update': productsUpdateRoute,
  'products.getByID': productsGetByIDRoute,
  'products.getAll': productsGetAllRoute,
  'products.getBySku': productsGetBySkuRoute,
  'products.createSKU': productsCreateSKURoute,
  'products.getByBrandID': productsGetByBrandIDRoute,
  'products.addBatch': productsAddBatchRoute,
  'products.updateBatch': productsUpdateBatchRoute,
};
