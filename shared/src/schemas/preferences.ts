import * as z from '../zod';
import { GENETICS } from './catalog';

export const STOCK_FILTERS = ['in', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

const ids = z.array(z.string().check(z.maxLength(128))).check(z.maxLength(500));

/** The product/inventory filter state (spec: brands, types, genetics, extractTypes, weights, stock, searchTerm). */
export const productFiltersSchema = z.strictObject({
  brands: z._default(ids, []),
  types: z._default(ids, []),
  genetics: z._default(z.array(z.enum(GENETICS)).check(z.maxLength(3)), []),
  extractTypes: z._default(ids, []),
  weights: z._default(z.array(z.number().check(z.gte(0))).check(z.maxLength(200)), []),
  stock: z._default(z.array(z.enum(STOCK_FILTERS)).check(z.maxLength(2)), ['in']),
  searchTerm: z._default(z.string().check(z.maxLength(200)), ''),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;

export const SAVED_FILTER_VARIANTS = ['inventory', 'products'] as const;

export const saveFilterBody = z.strictObject({
  userId: z.string({ error: 'A user id is required' }).check(z.minLength(1, 'A user id is required')),
  filterData: z.object(
    {
      filterName: z.string().check(z.trim(), z.minLength(1, 'Filter name is required'), z.maxLength(80)),
      variant: z._default(z.enum(SAVED_FILTER_VARIANTS), 'inventory'),
      filterBrandId: z.optional(z.string().check(z.maxLength(128))),
      filters: productFiltersSchema,
    },
    { error: 'Filter data is required' },
  ),
});
export type SaveFilterBody = z.infer<typeof saveFilterBody>;

export const savedFilterSchema = z.object({
  id: z.string(),
  userId: z.string(),
  settings: z.object({
    filterName: z.string(),
    variant: z.enum(SAVED_FILTER_VARIANTS),
    filterBrandId: z.optional(z.string()),
    filterData: productFiltersSchema,
  }),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;
