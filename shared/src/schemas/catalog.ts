import * as z from '../zod';
import { dollars, grams, wholeNumber } from './common';
import { webLink } from './links';
import { wireDate } from './dates';

/** Catalogue: products, types, extract types, product lines, brands, batches (spec section 3). */

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE', 'HIDDEN', 'COMINGSOON', 'PROMO'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const GENETICS = ['INDICA', 'SATIVA', 'HYBRID'] as const;
export type Genetics = (typeof GENETICS)[number];

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
/** An id the form must choose: missing or empty gets the field's own message. */
const requiredId = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(128));
/** A required dollar amount: missing gets `<label> is required`, anything else not a number `<label> must be a number`. */
const requiredDollars = (label: string) =>
  z.pipe(
    z.number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) }),
    dollars,
  );
/** A string trimmed and at most `max` characters. */
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));
/** `text(max)` that must not be empty. */
const filled = (max: number, message: string) =>
  z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`), z.minLength(1, message));
const wholeCount = (min: number, minMessage: string, max: number) => wholeNumber(min, max, { min: minMessage });
const url = webLink(2048);

export const namedSchema = z.object({ id: z.string(), name: z.string(), image: z.optional(z.string()) });
export type ProductType = z.infer<typeof namedSchema>;
export type ExtractType = z.infer<typeof namedSchema>;
export const typeWithCountSchema = z.extend(namedSchema, { count: z.number() });
export const productLineSchema = z.object({ id: z.string(), brandId: z.string(), name: z.string() });
export type ProductLine = z.infer<typeof productLineSchema>;

export const nameBody = z.strictObject({ name: filled(120, 'Name is required'), image: z.optional(url) });

export const batchSchema = z.object({
  id: z.string(),
  productId: z.string(),
  batchNumber: z.string(),
  receivedOn: z.string(),
  isCheckedIn: z.boolean(),
  initialQuantity: z.number(),
  remainingQuantity: z.number(),
});
export type Batch = z.infer<typeof batchSchema>;

export const addBatchBody = z.strictObject({
  batchNumber: filled(120, 'Batch number is required'),
  receivedOn: wireDate('Received on', 'dayOrInstant', { required: 'Received on is required' }),
  isCheckedIn: z._default(z.boolean(), false),
  initialQuantity: wholeCount(0, 'Quantity cannot be negative', 10_000_000),
});
export const updateBatchBody = z
  .strictObject({
    batchNumber: z.optional(filled(120, 'Batch number is required')),
    receivedOn: z.optional(wireDate('Received on', 'dayOrInstant')),
    isCheckedIn: z.optional(z.boolean()),
    remainingQuantity: z.optional(wholeCount(0, 'Quantity cannot be negative', 10_000_000)),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Nothing to update'));

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  brandID: z.string(),
  brand: z.object({ name: z.string() }),
  name: z.string(),
  description: z.optional(z.string()),
  image: z.optional(z.string()),
  typeID: z.string(),
  type: z.object({ name: z.string() }),
  genetics: z.optional(z.enum(GENETICS)),
  extractTypeID: z.optional(z.string()),
  extractType: z.optional(z.object({ name: z.string() })),
  productLineIDs: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  weight: z.optional(z.number()),
  unitQuantity: z.optional(z.number()),
  stock: z.number(),
  pendingOutboundQuantity: z.number(),
  lastOrdered: z.optional(z.string()),
  /** Stripped by the API for roles that may not see costs. */
  cost: z.optional(z.number()),
  basePrice: z.number(),
  msrp: z.optional(z.number()),
  discountEligible: z.boolean(),
  hasBatch: z.boolean(),
  hideFromCatalog: z.boolean(),
  createdAt: z.string(),
  modifiedOn: z.string(),
  orderBatches: z.optional(z.array(batchSchema)),
  /** The customer's custom price, merged in by the routes that take a customer. */
  customPrice: z.optional(z.number()),
});
export type Product = z.infer<typeof productSchema>;

const productStatus = z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}` });
const productStock = wholeCount(0, 'Stock cannot be negative', 10_000_000);

const productFields = {
  name: z
    .string({ error: 'Product name is required' })
    .check(z.trim(), z.minLength(1, 'Product name is required'), z.maxLength(200)),
  description: z.optional(text(4000)),
  image: z.optional(url),
  brandID: id,
  typeID: id,
  genetics: z.optional(z.enum(GENETICS, { error: `Genetics must be one of ${GENETICS.join(', ')}` })),
  extractTypeID: z.optional(id),
  productLineIDs: z.optional(z.array(id).check(z.maxLength(50))),
  status: productStatus,
  weight: z.optional(grams()),
  unitQuantity: z.optional(wholeCount(1, 'Unit quantity must be at least 1', 100_000)),
  cost: z.optional(dollars),
  basePrice: requiredDollars('Base price'),
  msrp: z.optional(dollars),
  discountEligible: z.boolean(),
  hasBatch: z.boolean(),
  hideFromCatalog: z.boolean(),
};

/**
 * Required: product name, brand, type, product status, base price. Defaults: ACTIVE, discountEligible, hasBatch.
 * `sku` is what the spec's client sends back from createSKU: accepted and ignored, since the server assigns
 * the SKU in the creating transaction (the response carries it).
 */
export const addProductBody = z.pipe(
  z.strictObject({
    ...productFields,
    brandID: requiredId('Brand is required'),
    typeID: requiredId('Type is required'),
    status: z._default(productStatus, 'ACTIVE'),
    discountEligible: z._default(z.boolean(), true),
    hasBatch: z._default(z.boolean(), true),
    hideFromCatalog: z._default(z.boolean(), false),
    stock: z._default(productStock, 0),
    sku: z.optional(text(64)),
  }),
  z.transform(({ sku: _ignored, ...body }) => body),
);
export type AddProductBody = z.infer<typeof addProductBody>;

/** Any subset of the fields; `hideFromCatalog` alone toggles visibility; `stock` with `notes` is a stock adjustment. The SKU is never edited by hand. */
export const updateProductBody = z
  .extend(z.partial(z.strictObject(productFields)), {
    stock: z.optional(productStock),
    notes: z.optional(text(1000)),
  })
  .check(z.refine((b) => Object.keys(b).filter((k) => k !== 'notes').length > 0, 'Nothing to update'));
export type UpdateProductBody = z.infer<typeof updateProductBody>;

export const maxProductStockSchema = z.object({
  typeId: z.string(),
  weight: z.optional(z.number()),
  maxStock: z.nullable(z.number()),
});
export type MaxProductStock = z.infer<typeof maxProductStockSchema>;

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.optional(z.string()),
  brandRepName: z.optional(z.string()),
  brandRepPhone: z.optional(z.string()),
  brandRepEmail: z.optional(z.string()),
  brandManagerId: z.optional(z.string()),
  website: z.optional(z.string()),
  skucode: z.optional(z.string()),
  defaultLocationId: z.optional(z.string()),
  excludeFromReporting: z.boolean(),
  maxBrandStock: z.optional(z.nullable(z.number())),
  MaxProductStock: z.array(maxProductStockSchema),
  hideInInventoryOverview: z.boolean(),
  createdAt: z.string(),
  modifiedOn: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;
export const brandWithCountSchema = z.extend(brandSchema, { count: z.number() });
export const brandWithProductsSchema = z.extend(brandSchema, { products: z.array(productSchema) });

const brandName = filled(120, 'Brand name is required');
const brandFields = {
  image: z.optional(url),
  brandRepName: z.optional(text(120)),
  brandRepPhone: z.optional(text(40)),
  brandRepEmail: z.optional(z.union([z.email('Enter a valid email address'), z.literal('')])),
  brandManagerId: z.optional(z.union([id, z.literal('')])),
  website: z.optional(url),
  skucode: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(8, 'SKU code is at most 8 characters'),
        z.regex(/^[A-Za-z0-9]*$/, 'SKU code may hold letters and digits only'),
      ),
  ),
  defaultLocationId: z.optional(z.union([id, z.literal('')])),
  excludeFromReporting: z.optional(z.boolean()),
  hideInInventoryOverview: z.optional(z.boolean()),
};
export const addBrandBody = z.strictObject({ name: brandName, ...brandFields });
export type AddBrandBody = z.infer<typeof addBrandBody>;
/** Brand fields, or `hideInInventoryOverview` alone. */
export const updateBrandBody = z
  .strictObject({ name: z.optional(brandName), ...brandFields })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Nothing to update'));
export type UpdateBrandBody = z.infer<typeof updateBrandBody>;

/** Limits: numbers, or null to clear (empty is allowed while editing). */
const limit = z.nullable(wholeNumber(0, 10_000_000, { type: 'Must be a number', min: 'Must not be negative' }));
export const brandLimitBody = z.strictObject({ maxBrandStock: limit });
export const typeLimitBody = z.strictObject({ maxStock: limit });

export const skuQuery = z.object({ brandID: id, typeID: id });

export const productLineBody = z.strictObject({ name: filled(120, 'Name is required') });
