import * as z from '../zod';
import { decimal, dollars, wholeNumber } from './common';
import { webLink } from './links';

/** Customers and their custom prices (spec section 3: Customer, Custom pricing entry). */

export const COMM_PREFS = ['EMAIL', 'PHONE', 'TEXT', 'TELEGRAM'] as const;
export type CommPref = (typeof COMM_PREFS)[number];
export const CUSTOMER_TYPES = ['WHOLESALE', 'RETAIL', 'VIP'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
/** The customer's usual order type; New Order starts with it (the spec names an order-type picker only). */
export const ORDER_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

const id = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`));

export const customerSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  image: z.optional(z.string()),
  contactName: z.optional(z.string()),
  contactEmail: z.optional(z.string()),
  contactPhone: z.optional(z.string()),
  contactTelegram: z.optional(z.string()),
  address: z.optional(z.string()),
  website: z.optional(z.string()),
  commpref: z.enum(COMM_PREFS),
  type: z.enum(CUSTOMER_TYPES),
  orderType: z.enum(ORDER_TYPES),
  accountOwnerID: z.optional(z.string()),
  /** The account owner's name, for lists (resolved from users). */
  accountOwner: z.optional(z.object({ name: z.string() })),
  notes: z.optional(z.string()),
  /** Percent; stored as given (spec: default 0). */
  priceAdjustment: z.number(),
  /** Dollars. */
  creditAvailable: z.number(),
  /** Dollars; absent: no limit (issue 23). A submitted order that takes what the customer owes over it is held. */
  creditLimit: z.optional(z.number()),
  /** Days an invoice may stay unpaid before the customer's new orders are held (issue 23; default 30). */
  paymentTermsDays: z.optional(z.number()),
  tgAccessCode: z.optional(z.string()),
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
    .check(z.trim(), z.minLength(1, 'Customer name is required'), z.maxLength(200, 'Must be at most 200 characters')),
  image: z.optional(webLink(2048)),
  contactName: z.optional(text(200)),
  contactEmail: z.optional(z.union([z.literal(''), z.email('Enter a valid email address').check(z.maxLength(254))])),
  contactPhone: z.optional(text(50)),
  contactTelegram: z.optional(text(100)),
  address: z.optional(text(500)),
  website: z.optional(webLink(500)),
  commpref: z.enum(COMM_PREFS, { error: `Preferred contact must be one of ${COMM_PREFS.join(', ')}` }),
  type: z.enum(CUSTOMER_TYPES, { error: `Customer type must be one of ${CUSTOMER_TYPES.join(', ')}` }),
  orderType: z.enum(ORDER_TYPES, { error: `Order type must be one of ${ORDER_TYPES.join(', ')}` }),
  /** '' clears the owner. */
  accountOwnerID: z.optional(z.union([z.literal(''), id])),
  notes: z.optional(text(4000)),
  priceAdjustment: decimal({ min: -100, max: 1000, places: 4, error: 'Price adjustment must be a number' }),
  autoRefreshPricing: z.boolean(),
};

/** New customer: name required; EMAIL, RETAIL, DELIVERY and 0 by default; credit is not set here. */
export const addCustomerBody = z.strictObject({
  ...customerFields,
  commpref: z._default(customerFields.commpref, 'EMAIL'),
  type: z._default(customerFields.type, 'RETAIL'),
  orderType: z._default(customerFields.orderType, 'DELIVERY'),
  priceAdjustment: z._default(customerFields.priceAdjustment, 0),
  autoRefreshPricing: z._default(z.boolean(), false),
});
export type AddCustomerBody = z.infer<typeof addCustomerBody>;

/**
 * Any subset of the fields; `creditAvailable` only here (editable only when editing). A change to it is a hand
 * adjustment: ADMIN only, with `creditNote` saying why (issue 23; `creditAdjustmentRefusal`).
 */
export const updateCustomerBody = z
  .extend(z.partial(z.strictObject(customerFields)), {
    creditAvailable: z.optional(dollars),
    creditNote: z.optional(text(500)),
    /** Dollars; null clears the limit. ADMIN only (issue 23), a repeated value accepted from anyone. */
    creditLimit: z.optional(z.nullable(dollars)),
    /** Whole days, 0–365. ADMIN only, like the limit. */
    paymentTermsDays: z.optional(
      wholeNumber(0, 365, {
        type: 'Payment terms must be a whole number of days',
        min: 'Payment terms must be 0 to 365 days',
      }),
    ),
  })
  .check(z.refine((b) => Object.keys(b).length > 0, 'Nothing to update'));
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

export const customerIdParam = z.object({ customerId: id });

/**
 * GET /db/customers/getCreditStatus/{customerId} (issue 23, beyond the spec): what New Order needs to say, before
 * Submit, whether the order will go on credit hold (`creditHoldReason`). Dollars.
 */
export const creditStatusSchema = z.object({
  customerId: z.string(),
  creditLimit: z.optional(z.number()),
  paymentTermsDays: z.number(),
  /** What the customer owes now on submitted orders (the receivables figure). */
  owed: z.number(),
  /** The oldest order that still owes. */
  oldestOpen: z.optional(z.object({ orderNum: z.string(), createdAt: z.string() })),
});
export type CreditStatus = z.infer<typeof creditStatusSchema>;

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
  value: decimal({ min: 0, max: 1_000_000, places: 4, error: 'Please enter a valid number' }),
});
export type MarginRule = z.infer<typeof marginRuleSchema>;

/** Which products a margin covers: all, chosen brands (optionally narrowed to types), or chosen types (optionally narrowed to brands). */
export const marginScopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({
    type: z.literal('brands'),
    brandIds: z.array(id).check(z.minLength(1, 'Choose at least one brand'), z.maxLength(500)),
    typeIds: z.optional(z.array(id).check(z.maxLength(500))),
  }),
  z.object({
    type: z.literal('types'),
    typeIds: z.array(id).check(z.minLength(1, 'Choose at least one type'), z.maxLength(500)),
    brandIds: z.optional(z.array(id).check(z.maxLength(500))),
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
  rule: z.optional(z.partial(marginRuleSchema, { value: true })),
  referencePrice: z.optional(z.number()),
  dateUpdated: z.string(),
});
export type CustomPrice = z.infer<typeof customPriceSchema>;

export const customerWithPricingSchema = z.extend(customerSchema, { customPricings: z.array(customPriceSchema) });
export type CustomerWithPricing = z.infer<typeof customerWithPricingSchema>;

const productIds = z
  .array(id)
  .check(z.minLength(1, 'Choose at least one product'), z.maxLength(5000, 'At most 5,000 products at once'));

/** Sets one price on the given products (Edit Customer Pricing, bulk price). */
export const updateCustomPricingBody = z.strictObject({
  productIds,
  customPrice: z.pipe(
    z.number({ error: (i) => (i.input === undefined ? 'Custom price is required' : 'Custom price must be a number') }),
    dollars,
  ),
});

/** Removes the prices of one product or several. */
export const deleteCustomPricingBody = z.union([z.strictObject({ productId: id }), z.strictObject({ productIds })], {
  error: 'Send productId, or productIds (a list of product ids)',
});

const newPrice = z.pipe(
  z.number({ error: (i) => (i.input === undefined ? 'Price is required' : 'Price must be a number') }),
  dollars,
);
const pricedProduct = z.strictObject({ productId: id, customPrice: newPrice });
export type PricedProduct = z.infer<typeof pricedProduct>;

/** Set Margin as the app sends it: the rule and scope with the prices the preview showed. */
export interface SetMarginBody {
  rule: MarginRule;
  scope: MarginScope;
  prices: PricedProduct[];
}

/** One item of the spec's Set Margin list: `{ "<productId>": 27.75 }` (several keys allowed), or a priced product. */
type PriceMapItem = Record<string, number> | z.input<typeof pricedProduct>;

/** The spec's list becomes `{ prices }`; a map item becomes one priced product per key. */
const toMarginBody = (input: unknown): unknown =>
  Array.isArray(input)
    ? {
        prices: input.flatMap((item: unknown) =>
          item && typeof item === 'object' && !Array.isArray(item) && !('productId' in item)
            ? Object.entries(item).map(([productId, customPrice]) => ({ productId, customPrice }))
            : [item],
        ),
      }
    : input;

const marginForm = z
  .strictObject({
    rule: z.optional(marginRuleSchema),
    scope: z.optional(marginScopeSchema),
    prices: z.array(pricedProduct).check(z.minLength(1, 'No products to price'), z.maxLength(5000)),
  })
  .check(
    z.refine(
      (b) => (b.rule === undefined) === (b.scope === undefined),
      'Send rule and scope together (or neither, to set the prices as given)',
    ),
  );

/**
 * Set Margin in either form. The app's: the rule and scope with the prices its preview showed (the server
 * recomputes and must agree). The spec's: a list of objects mapping productId to the new price
 * (`[{ "<productId>": 27.75 }]`); with no rule, those are written as fixed prices.
 */
export const setMarginBody = z.pipe(
  z.transform((input: z.input<typeof marginForm> | PriceMapItem[]) => toMarginBody(input)),
  marginForm,
);

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
  generatedAt: z.optional(z.string()),
  customers: z.array(customerPricingUpdatesSchema),
});
export type AllPricingUpdates = z.infer<typeof allPricingUpdatesSchema>;

export const reRunAllQuery = z.object({ refresh: z.optional(z.enum(['true', 'false'])) });

/** Both body forms of the spec: pricing entries from reRunPricing, or `{ productId, newCustomPrice }` items. */
export const updateBulkCustomPricingBody = z
  .array(
    z.object({
      productId: id,
      newCustomPrice: z.pipe(
        z.number({ error: (i) => (i.input === undefined ? 'newCustomPrice is required' : 'Must be a number') }),
        dollars,
      ),
    }),
  )
  .check(z.minLength(1, 'No pricing updates to apply'), z.maxLength(5000));
export type UpdateBulkCustomPricingBody = z.infer<typeof updateBulkCustomPricingBody>;
