import { z } from 'zod';
import { dollars } from './catalog';

/** Customers and their custom prices (spec section 3: Customer, Custom pricing entry). */

export const COMM_PREFS = ['EMAIL', 'PHONE', 'TEXT', 'TELEGRAM'] as const;
export type CommPref = (typeof COMM_PREFS)[number];
export const CUSTOMER_TYPES = ['WHOLESALE', 'RETAIL', 'VIP'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
/** The customer's usual order type; New Order starts with it (the spec names an order-type picker only). */
export const ORDER_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

const id = z.string().trim().min(1).max(128);
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

export const customerSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  image: z.string().optional(),
  contactName: z.string().optional(),
  contactEmail: z.string().optional(),
  contactPhone: z.string().optional(),
  contactTelegram: z.string().optional(),
  address: z.string().optional(),
  website: z.string().optional(),
  commpref: z.enum(COMM_PREFS),
  type: z.enum(CUSTOMER_TYPES),
  orderType: z.enum(ORDER_TYPES),
  accountOwnerID: z.string().optional(),
  /** The account owner's name, for lists (resolved from users). */
  accountOwner: z.object({ name: z.string() }).optional(),
  notes: z.string().optional(),
  /** Percent; stored as given (spec: default 0). */
  priceAdjustment: z.number(),
  /** Dollars. */
  creditAvailable: z.number(),
  tgAccessCode: z.string().optional(),
  /** The scheduled pricing refresh applies this customer's pending updates itself (off by default). */
  autoRefreshPricing: z.boolean(),
  /** How many products have a custom price. */
  customPricingCount: z.number(),
  createdAt: z.string(),
  modifiedOn: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

const customerFields = {
  customerName: z
    .string({ error: 'Customer name is required' })
    .trim()
    .min(1, 'Customer name is required')
    .max(200, 'Must be at most 200 characters'),
  image: text(2048).optional(),
  contactName: text(200).optional(),
  contactEmail: z.union([z.literal(''), z.email('Enter a valid email address').max(254)]).optional(),
  contactPhone: text(50).optional(),
  contactTelegram: text(100).optional(),
  address: text(500).optional(),
  website: text(500).optional(),
  commpref: z.enum(COMM_PREFS, { error: `Preferred contact must be one of ${COMM_PREFS.join(', ')}` }),
  type: z.enum(CUSTOMER_TYPES, { error: `Customer type must be one of ${CUSTOMER_TYPES.join(', ')}` }),
  orderType: z.enum(ORDER_TYPES, { error: `Order type must be one of ${ORDER_TYPES.join(', ')}` }),
  /** '' clears the owner. */
  accountOwnerID: z.union([z.literal(''), id]).optional(),
  notes: text(4000).optional(),
  priceAdjustment: z
    .number({ error: 'Price adjustment must be a number' })
    .finite()
    .min(-100, 'Must be at least -100')
    .max(1000),
  autoRefreshPricing: z.boolean(),
};

/** New customer: name required; EMAIL, RETAIL, DELIVERY and 0 by default; credit is not set here. */
export const addCustomerBody = z
  .object({
    ...customerFields,
    commpref: customerFields.commpref.default('EMAIL'),
    type: customerFields.type.default('RETAIL'),
    orderType: customerFields.orderType.default('DELIVERY'),
    priceAdjustment: customerFields.priceAdjustment.default(0),
    autoRefreshPricing: z.boolean().default(false),
  })
  .strict();
export type AddCustomerBody = z.infer<typeof addCustomerBody>;

/** Any subset of the fields; `creditAvailable` only here (editable only when editing). */
export const updateCustomerBody = z
  .object(customerFields)
  .partial()
  .extend({ creditAvailable: dollars.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

export const customerIdParam = z.object({ customerId: id });

/* ---------- Custom prices ---------- */

export const MARGIN_DIRECTIONS = ['+', '-'] as const;
export const MARGIN_KINDS = ['%', '$'] as const;
export const MARGIN_BASES = ['basePrice', 'cost'] as const;
export type MarginBasis = (typeof MARGIN_BASES)[number];

/** How a margin price is computed from its reference price (the product's base price or cost). */
export const marginRuleSchema = z.object({
  direction: z.enum(MARGIN_DIRECTIONS, { error: "Direction must be '+' or '-'" }),
  kind: z.enum(MARGIN_KINDS, { error: "Type must be '%' or '$'" }),
  basis: z.enum(MARGIN_BASES, { error: 'Based on must be basePrice or cost' }),
  value: z.number({ error: 'Please enter a valid number' }).finite().min(0, 'Must not be negative').max(1_000_000),
});
export type MarginRule = z.infer<typeof marginRuleSchema>;

/** Which products a margin covers: all, chosen brands (optionally narrowed to types), or chosen types (optionally narrowed to brands). */
export const marginScopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({
    type: z.literal('brands'),
    brandIds: z.array(id).min(1, 'Choose at least one brand').max(500),
    typeIds: z.array(id).max(500).optional(),
  }),
  z.object({
    type: z.literal('types'),
    typeIds: z.array(id).min(1, 'Choose at least one type').max(500),
    brandIds: z.array(id).max(500).optional(),
  }),
]);
export type MarginScope = z.infer<typeof marginScopeSchema>;

export const PRICE_SOURCES = ['fixed', 'margin'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const priceHistoryEntrySchema = z.object({ price: z.number(), date: z.string() });
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntrySchema>;

/**
 * One custom price. `source` records how it was set: a fixed amount, or a margin `rule`; `referencePrice` is
 * the base price (fixed, or a margin on base price) or cost (a margin on cost) it was computed from, in dollars.
 * For roles that may not see costs the API drops `referencePrice` and the rule's `value` of cost-based margins.
 */
export const customPriceSchema = z.object({
  productId: z.string(),
  customPrice: z.number(),
  source: z.enum(PRICE_SOURCES),
  rule: marginRuleSchema.partial({ value: true }).optional(),
  referencePrice: z.number().optional(),
  dateUpdated: z.string(),
});
export type CustomPrice = z.infer<typeof customPriceSchema>;

export const customerWithPricingSchema = customerSchema.extend({ customPricings: z.array(customPriceSchema) });
export type CustomerWithPricing = z.infer<typeof customerWithPricingSchema>;

const productIds = z.array(id).min(1, 'Choose at least one product').max(5000, 'At most 5,000 products at once');

/** Sets one price on the given products (Edit Customer Pricing, bulk price). */
export const updateCustomPricingBody = z
  .object({
    productIds,
    customPrice: z
      .number({ error: (i) => (i.input === undefined ? 'Custom price is required' : 'Custom price must be a number') })
      .pipe(dollars),
  })
  .strict();

/** Removes the prices of one product or several. */
export const deleteCustomPricingBody = z.union([
  z.object({ productId: id }).strict(),
  z.object({ productIds }).strict(),
]);

/** Set Margin: the rule and scope, with the prices the preview showed; the server recomputes and must agree. */
export const setMarginBody = z
  .object({
    rule: marginRuleSchema,
    scope: marginScopeSchema,
    prices: z
      .array(z.object({ productId: id, customPrice: z.number().pipe(dollars) }).strict())
      .min(1, 'No products to price')
      .max(5000),
  })
  .strict();
export type SetMarginBody = z.infer<typeof setMarginBody>;

export const pricingWriteResult = z.object({ updated: z.number() });

/* ---------- Refresh pricing ---------- */

export const pricingProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  brandID: z.string(),
  brand: z.object({ name: z.string() }),
  typeID: z.string(),
  type: z.object({ name: z.string() }),
  basePrice: z.number(),
});

/** One pending change of a refresh: the product, the price now and the proposed one. */
export const pricingUpdateSchema = z.object({
  productId: z.string(),
  productData: pricingProductSchema,
  currentPrice: z.number(),
  newCustomPrice: z.number(),
  /** Custom when the current price differs from the base price, else Base. */
  priceCustomized: z.boolean(),
  source: z.enum(PRICE_SOURCES),
  dateUpdated: z.string(),
  priceHistory: z.array(priceHistoryEntrySchema),
});
export type PricingUpdate = z.infer<typeof pricingUpdateSchema>;

export const customerPricingUpdatesSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  /** How many products have a custom price (0: 'No pricing data available.'). */
  pricedCount: z.number(),
  personalizedPricingList: z.array(pricingUpdateSchema),
});
export type CustomerPricingUpdates = z.infer<typeof customerPricingUpdatesSchema>;

export const allPricingUpdatesSchema = z.object({
  /** When these updates were computed: by the scheduled job, or now when `refresh` was asked. */
  generatedAt: z.string().optional(),
  customers: z.array(customerPricingUpdatesSchema),
});
export type AllPricingUpdates = z.infer<typeof allPricingUpdatesSchema>;

export const reRunAllQuery = z.object({ refresh: z.enum(['true', 'false']).optional() });

/** Both body forms of the spec: pricing entries from reRunPricing, or `{ productId, newCustomPrice }` items. */
export const updateBulkCustomPricingBody = z
  .array(
    z.object({
      productId: id,
      newCustomPrice: z
        .number({ error: (i) => (i.input === undefined ? 'newCustomPrice is required' : 'Must be a number') })
        .pipe(dollars),
    }),
  )
  .min(1, 'No pricing updates to apply')
  .max(5000);
export type UpdateBulkCustomPricingBody = z.infer<typeof updateBulkCustomPricingBody>;
