import * as z from '../zod';
import {
  addBrandBody,
  brandLimitBody,
  brandSchema,
  brandWithCountSchema,
  brandWithProductsSchema,
  productLineBody,
  productLineSchema,
  typeLimitBody,
  updateBrandBody,
} from '../schemas/catalog';
import { grams, idParam, segment } from '../schemas/common';
import { CATALOG_WRITERS } from '../role-matrix';
import { route } from './route';

const brandIdParam = z.object({ brandId: segment() });
const typeIdParam = z.extend(brandIdParam, { typeId: segment() });

export const brandsAddNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/brands/addNew',
  handler: 'brands/addNew',
  roles: CATALOG_WRITERS,
  summary: 'Creates a brand (name required).',
  body: addBrandBody,
  response: brandSchema,
});

export const brandsGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/brands/getAll',
  handler: 'brands/getAll',
  roles: 'ALL',
  summary: 'Every brand, by name, with its limits.',
  response: z.object({ res: z.array(brandSchema) }),
});

export const brandsGetBrandsWithProductCountRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/brands/getBrandsWithProductCount',
  handler: 'brands/getBrandsWithProductCount',
  roles: 'ALL',
  summary: 'Every brand with how many products it has.',
  response: z.array(brandWithCountSchema),
});

export const brandsGetByIDRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/brands/getByID/{id}',
  handler: 'brands/getByID',
  roles: 'ALL',
  summary: 'One brand with its products, maxBrandStock, MaxProductStock and hideInInventoryOverview.',
  params: idParam,
  response: brandWithProductsSchema,
});

export const brandsGetProductLinesRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/brands/getProductLines/{brandId}',
  handler: 'brands/getProductLines',
  roles: 'ALL',
  summary: "A brand's product lines.",
  params: brandIdParam,
  response: z.array(productLineSchema),
});

export const brandsAddProductLineRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/brands/addProductLine/{brandId}',
  handler: 'brands/addProductLine',
  roles: CATALOG_WRITERS,
  summary: 'Adds a product line to a brand (not in spec section 7).',
  params: brandIdParam,
  body: productLineBody,
  response: productLineSchema,
});

export const brandsUpdateRoute = /* @__PURE__ */ route({
  method: 'PUT',
  path: '/api/db/brands/update/{id}',
  handler: 'brands/update',
  roles: CATALOG_WRITERS,
  summary:
    'Updates brand fields, or hideInInventoryOverview alone. Setting or clearing excludeFromReporting starts a rebuild of the report figures that applies it (issue 25).',
  grants: { jobs: ['report-rebuild'] },
  params: idParam,
  body: updateBrandBody,
  response: brandSchema,
});

export const brandsRemoveRoute = /* @__PURE__ */ route({
  method: 'DELETE',
  path: '/api/db/brands/remove/{id}',
  handler: 'brands/remove',
  roles: CATALOG_WRITERS,
  summary: 'Deletes a brand with no products; 409 while it still has products.',
  params: idParam,
  response: z.object({ ok: z.literal(true) }),
});

export const brandsUpdateBrandStockLimitRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/brands/updateStockLimits/{brandId}',
  handler: 'brands/updateBrandStockLimit',
  roles: CATALOG_WRITERS,
  summary: "Sets (or clears with null) the brand's stock limit.",
  params: brandIdParam,
  body: brandLimitBody,
  response: brandSchema,
});

export const brandsUpdateTypeStockLimitRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/brands/updateStockLimits/{brandId}/{typeId}',
  handler: 'brands/updateTypeStockLimit',
  roles: CATALOG_WRITERS,
  summary: "Sets (or clears) the brand's limit for one product type.",
  params: typeIdParam,
  body: typeLimitBody,
  response: brandSchema,
});

export const brandsUpdateWeightStockLimitRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/brands/updateStockLimits/{brandId}/{typeId}/{weight}',
  handler: 'brands/updateWeightStockLimit',
  roles: CATALOG_WRITERS,
  summary: "Sets (or clears) the brand's limit for one product type at one weight (grams).",
  params: z.extend(typeIdParam, {
    weight: z.pipe(z.coerce.number({ error: 'Weight must be a number' }), grams('Weight must be a number')),
  }),
  body: typeLimitBody,
  response: brandSchema,
});

export const brandRoutes = {
  'brands.addNew': brandsAddNewRoute,
  'brands.getAll': brandsGetAllRoute,
  'brands.getBrandsWithProductCount': brandsGetBrandsWithProductCountRoute,
  'brands.getByID': brandsGetByIDRoute,
  'brands.getProductLines': brandsGetProductLinesRoute,
  'brands.addProductLine': brandsAddProductLineRoute,
  'brands.update': brandsUpdateRoute,
  'brands.remove': brandsRemoveRoute,
  'brands.updateBrandStockLimit': brandsUpdateBrandStockLimitRoute,
  'brands.updateTypeStockLimit': brandsUpdateTypeStockLimitRoute,
  'brands.updateWeightStockLimit': brandsUpdateWeightStockLimitRoute,
};
