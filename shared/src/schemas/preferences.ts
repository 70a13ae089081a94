import { z } from 'zod';
import { GENETICS } from './catalog';

export const STOCK_FILTERS = ['in', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

const ids = z.array(z.string().max(128)).max(500);

/** The product/inventory filter state (spec: brands, types, genetics, extractTypes, weights, stock, searchTerm). */
export const productFiltersSchema = z
  .object({
    brands: ids.default([]),
    types: ids.default([]),
    genetics: z.array(z.enum(GENETICS)).max(3).default([]),
    extractTypes: ids.default([]),
    weights: z.array(z.number().finite().min(0)).max(200).default([]),
    stock: z.array(z.enum(STOCK_FILTERS)).max(2).default(['in']),
    searchTerm: z.string().max(200).default(''),
  })
  .strict();
export type ProductFilters = z.infer<typeof productFiltersSchema>;

export const SAVED_FILTER_VARIANTS = ['inventory', 'products'] as const;

export const saveFilterBody = z
  .object({
    userId: z.string({ error: 'A user id is required' }).min(1, 'A user id is required'),
    filterData: z.object(
      {
        filterName: z.string().trim().min(1, 'Filter name is required').max(80),
        variant: z.enum(SAVED_FILTER_VARIANTS).default('inventory'),
        filterBrandId: z.string().max(128).optional(),
        filters: productFiltersSchema,
      },
      { error: 'Filter data is required' },
    ),
  })
  .strict();
export type SaveFilterBody = z.infer<typeof saveFilterBody>;

export const savedFilterSchema = z.object({
  id: z.string(),
  userId: z.string(),
  settings: z.object({
    filterName: z.string(),
    variant: z.enum(SAVED_FILTER_VARIANTS),
    filterBrandId: z.string().optional(),
    filterData: productFiltersSchema,
  }),
  createdAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;
