import { z } from 'zod';

/** Catalogue: products, types, extract types, product lines, brands, batches (spec section 3). */

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE', 'HIDDEN', 'COMINGSOON', 'PROMO'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const GENETICS = ['INDICA', 'SATIVA', 'HYBRID'] as const;
export type Genetics = (typeof GENETICS)[number];

const id = z.string().trim().min(1).max(128);
/** An id the form must choose: missing or empty gets the field's own message. */
const requiredId = (message: string) => z.string({ error: message }).trim().min(1, message).max(128);
/** A required dollar amount: missing gets `<label> is required`, anything else not a number `<label> must be a number`. */
const requiredDollars = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .pipe(dollars);
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** Dollars on the wire, two decimals at most, stored as integer cents. */
export const dollars = z
  .number({ error: 'Must be a number' })
  .finite()
  .min(0, 'Must not be negative')
  .max(10_000_000, 'Too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most two decimals');
const count = z.number({ error: 'Must be a whole number' }).int('Must be a whole number');
const url = text(2048);

export const namedSchema = z.object({ id: z.string(), name: z.string(), image: z.string().optional() });
export type ProductType = z.infer<typeof namedSchema>;
export type ExtractType = z.infer<typeof namedSchema>;
export const typeWithCountSchema = namedSchema.extend({ count: z.number() });
export const productLineSchema = z.object({ id: z.string(), brandId: z.string(), name: z.string() });
export type ProductLine = z.infer<typeof productLineSchema>;

export const nameBody = z.object({ name: text(120).min(1, 'Name is required'), image: url.optional() }).strict();

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

export const addBatchBody = z
  .object({
    batchNumber: text(120).min(1, 'Batch number is required'),
    receivedOn: z.iso.date('Received on must be a date (YYYY-MM-DD)').or(z.iso.datetime()),
    isCheckedIn: z.boolean().default(false),
    initialQuantity: count.min(0, 'Quantity cannot be negative').max(10_000_000),
  })
  .strict();
export const updateBatchBody = z
  .object({
    batchNumber: text(120).min(1, 'Batch number is required').optional(),
    receivedOn: z.iso.date().or(z.iso.datetime()).optional(),
    isCheckedIn: z.boolean().optional(),
    remainingQuantity: count.min(0, 'Quantity cannot be negative').max(10_000_000).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  brandID: z.string(),
  brand: z.object({ name: z.string() }),
  name: z.string(),
  description: z.string().optional(),
  image: z.string().optional(),
  typeID: z.string(),
  type: z.object({ name: z.string() }),
  genetics: z.enum(GENETICS).optional(),
  extractTypeID: z.string().optional(),
  extractType: z.object({ name: z.string() }).optional(),
  productLineIDs: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  weight: z.number().optional(),
  unitQuantity: z.number().optional(),
  stock: z.number(),
  pendingOutboundQuantity: z.number(),
  lastOrdered: z.string().optional(),
  /** Stripped by the API for roles that may not see costs. */
  cost: z.number().optional(),
  basePrice: z.number(),
  msrp: z.number().optional(),
  discountEligible: z.boolean(),
  hasBatch: z.boolean(),
  hideFromCatalog: z.boolean(),
  createdAt: z.string(),
  modifiedOn: z.string(),
  orderBatches: z.array(batchSchema).optional(),
  /** The customer's custom price, merged in by the routes that take a customer. */
  customPrice: z.number().optional(),
});
export type Product = z.infer<typeof productSchema>;

const productFields = {
  name: z.string({ error: 'Product name is required' }).trim().min(1, 'Product name is required').max(200),
  description: text(4000).optional(),
  image: url.optional(),
  brandID: id.describe('brand'),
  typeID: id.describe('type'),
  genetics: z.enum(GENETICS, { error: `Genetics must be one of ${GENETICS.join(', ')}` }).optional(),
  extractTypeID: id.optional(),
  productLineIDs: z.array(id).max(50).optional(),
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}` }),
  weight: z.number({ error: 'Weight must be a number of grams' }).finite().min(0).max(1_000_000).optional(),
  unitQuantity: count.min(1, 'Unit quantity must be at least 1').max(100_000).optional(),
  cost: dollars.optional(),
  basePrice: requiredDollars('Base price'),
  msrp: dollars.optional(),
  discountEligible: z.boolean(),
  hasBatch: z.boolean(),
  hideFromCatalog: z.boolean(),
};

/** Required: product name, brand, type, product status, base price. Defaults: ACTIVE, discountEligible, hasBatch. */
export const addProductBody = z
  .object({
    ...productFields,
    brandID: requiredId('Brand is required'),
    typeID: requiredId('Type is required'),
    status: productFields.status.default('ACTIVE'),
    discountEligible: z.boolean().default(true),
    hasBatch: z.boolean().default(true),
    hideFromCatalog: z.boolean().default(false),
    stock: count.min(0, 'Stock cannot be negative').max(10_000_000).default(0),
  })
  .strict();
export type AddProductBody = z.infer<typeof addProductBody>;

/** Any subset of the fields; `hideFromCatalog` alone toggles visibility; `stock` with `notes` is a stock adjustment. The SKU is never edited by hand. */
export const updateProductBody = z
  .object(productFields)
  .partial()
  .extend({
    stock: count.min(0, 'Stock cannot be negative').max(10_000_000).optional(),
    notes: text(1000).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).filter((k) => k !== 'notes').length > 0, 'Nothing to update');
export type UpdateProductBody = z.infer<typeof updateProductBody>;

export const maxProductStockSchema = z.object({
  typeId: z.string(),
  weight: z.number().optional(),
  maxStock: z.number().nullable(),
});
export type MaxProductStock = z.infer<typeof maxProductStockSchema>;

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().optional(),
  brandRepName: z.string().optional(),
  brandRepPhone: z.string().optional(),
  brandRepEmail: z.string().optional(),
  brandManagerId: z.string().optional(),
  website: z.string().optional(),
  skucode: z.string().optional(),
  defaultLocationId: z.string().optional(),
  excludeFromReporting: z.boolean(),
  maxBrandStock: z.number().nullable().optional(),
  MaxProductStock: z.array(maxProductStockSchema),
  hideInInventoryOverview: z.boolean(),
  createdAt: z.string(),
  modifiedOn: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;
export const brandWithCountSchema = brandSchema.extend({ count: z.number() });
export const brandWithProductsSchema = brandSchema.extend({ products: z.array(productSchema) });

const brandFields = {
  name: text(120).min(1, 'Brand name is required'),
  image: url.optional(),
  brandRepName: text(120).optional(),
  brandRepPhone: text(40).optional(),
  brandRepEmail: z.email('Enter a valid email address').or(z.literal('')).optional(),
  brandManagerId: id.or(z.literal('')).optional(),
  website: url.optional(),
  skucode: z
    .string()
    .trim()
    .max(8, 'SKU code is at most 8 characters')
    .regex(/^[A-Za-z0-9]*$/, 'SKU code may hold letters and digits only')
    .optional(),
  defaultLocationId: id.or(z.literal('')).optional(),
  excludeFromReporting: z.boolean().optional(),
  hideInInventoryOverview: z.boolean().optional(),
};
export const addBrandBody = z.object(brandFields).strict();
export type AddBrandBody = z.infer<typeof addBrandBody>;
/** Brand fields, or `hideInInventoryOverview` alone. */
export const updateBrandBody = z
  .object({ ...brandFields, name: brandFields.name.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type UpdateBrandBody = z.infer<typeof updateBrandBody>;

/** Limits: numbers, or null to clear (empty is allowed while editing). */
const limit = z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0).max(10_000_000).nullable();
export const brandLimitBody = z.object({ maxBrandStock: limit }).strict();
export const typeLimitBody = z.object({ maxStock: limit }).strict();

export const skuQuery = z.object({ brandID: id, typeID: id });

export const productLineBody = z.object({ name: text(120).min(1, 'Name is required') }).strict();
