import * as z from '../zod';
import { GENETICS, type Genetics } from './catalog';
import { grams } from './common';

export const STOCK_FILTERS = ['in', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

const ids = z.array(z.string().check(z.maxLength(128))).check(z.maxLength(500));

/** The product/inventory filter state (spec: brands, types, genetics, extractTypes, weights, stock, searchTerm). */
export const productFiltersSchema = z.strictObject({
  brands: z._default(ids, []),
  types: z._default(ids, []),
  genetics: z._default(z.array(z.enum(GENETICS)).check(z.maxLength(3)), []),
  extractTypes: z._default(ids, []),
  weights: z._default(z.array(grams('Each weight must be a number of grams')).check(z.maxLength(200)), []),
  stock: z._default(z.array(z.enum(STOCK_FILTERS)).check(z.maxLength(2)), ['in']),
  searchTerm: z._default(z.string().check(z.maxLength(200)), ''),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;

/** The filters as the spec's Save Custom Filter dialogs name them (section 3). */
export interface DialogFilters {
  search?: string;
  type?: string | string[];
  'extract type'?: string | string[];
  genetics?: Genetics | Genetics[];
  weights?: number | number[];
  /** 'in', 'out' or a list of them. */
  stock?: StockFilter | StockFilter[];
}

const DIALOG_NAMES: Readonly<Record<string, keyof ProductFilters>> = {
  search: 'searchTerm',
  type: 'types',
  'extract type': 'extractTypes',
};
const LIST_FIELDS = new Set<string>(['brands', 'types', 'genetics', 'extractTypes', 'weights', 'stock']);

/**
 * Both shapes of saved filters become the stored one before it is checked: the dialogs' names are renamed
 * (search → searchTerm, type → types, extract type → extractTypes) and a single value where a list belongs
 * becomes a list (`stock: 'in'` → `['in']`). A dialog name whose stored name is also sent is left as it is,
 * so the strict schema refuses it by name.
 */
const toStoredFilters = (input: unknown): unknown => {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const given = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const renamed = DIALOG_NAMES[key];
    const name = renamed && !(renamed in given) ? renamed : key;
    out[name] = LIST_FIELDS.has(name) && value !== undefined && !Array.isArray(value) ? [value] : value;
  }
  return out;
};

/** Saved-filter `filters`: the stored names or the dialogs', normalised to the stored shape. */
export const savedFiltersInput = z.pipe(
  z.transform((input: z.input<typeof productFiltersSchema> | DialogFilters) => toStoredFilters(input)),
  productFiltersSchema,
);

export const SAVED_FILTER_VARIANTS = ['inventory', 'products'] as const;

export const saveFilterBody = z.strictObject({
  userId: z
    .string({ error: 'A user id is required' })
    .check(z.minLength(1, 'A user id is required'), z.maxLength(128, 'A user id is at most 128 characters')),
  filterData: z.object(
    {
      filterName: z.string().check(z.trim(), z.minLength(1, 'Filter name is required'), z.maxLength(80)),
      variant: z._default(z.enum(SAVED_FILTER_VARIANTS), 'inventory'),
      filterBrandId: z.optional(z.string().check(z.maxLength(128))),
      filters: savedFiltersInput,
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
