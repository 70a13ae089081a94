import { isAllowed, type AddBrandBody, type Brand, type Role, type UpdateBrandBody, updateBrandBody } from '@bo/shared';
import { routeIndex } from 'virtual:route-index';

/** Catalogue writes (brands, types, images, limits, visibility): the route table's roles, ADMIN included. */
export const canWriteCatalog = (roles: readonly Role[]): boolean => isAllowed(routeIndex['brands.update'].roles, roles);

/** The brand form as the inputs hold it (strings, booleans). */
export interface BrandFormValues {
  name: string;
  image: string;
  skucode: string;
  website: string;
  brandRepName: string;
  brandRepEmail: string;
  brandRepPhone: string;
  brandManagerId: string;
  defaultLocationId: string;
  excludeFromReporting: boolean;
  /** `hideInInventoryOverview`, inverted. */
  showInOverview: boolean;
}
export type BrandFormField = keyof BrandFormValues;

export const BRAND_FIELD_LABELS: Record<BrandFormField, string> = {
  name: 'Brand name',
  image: 'Image',
  skucode: 'SKU code',
  website: 'Website',
  brandRepName: 'Rep name',
  brandRepEmail: 'Rep email',
  brandRepPhone: 'Rep phone',
  brandManagerId: 'Brand manager',
  defaultLocationId: 'Default location',
  excludeFromReporting: 'Exclude from reporting',
  showInOverview: 'Show in inventory overview',
};

export const EMPTY_BRAND_FORM: BrandFormValues = {
  name: '',
  image: '',
  skucode: '',
  website: '',
  brandRepName: '',
  brandRepEmail: '',
  brandRepPhone: '',
  brandManagerId: '',
  defaultLocationId: '',
  excludeFromReporting: false,
  showInOverview: true,
};

export const formFromBrand = (brand: Brand): BrandFormValues => ({
  name: brand.name,
  image: brand.image ?? '',
  skucode: brand.skucode ?? '',
  website: brand.website ?? '',
  brandRepName: brand.brandRepName ?? '',
  brandRepEmail: brand.brandRepEmail ?? '',
  brandRepPhone: brand.brandRepPhone ?? '',
  brandManagerId: brand.brandManagerId ?? '',
  defaultLocationId: brand.defaultLocationId ?? '',
  excludeFromReporting: brand.excludeFromReporting,
  showInOverview: !brand.hideInInventoryOverview,
});

type TextField = Exclude<BrandFormField, 'excludeFromReporting' | 'showInOverview'>;
const TEXT_FIELDS: TextField[] = [
  'name',
  'image',
  'skucode',
  'website',
  'brandRepName',
  'brandRepEmail',
  'brandRepPhone',
  'brandManagerId',
  'defaultLocationId',
];

/** The body of `brands.addNew`: trimmed, empty optional fields left out. */
export function addBodyFromForm(values: BrandFormValues): AddBrandBody {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value || field === 'name') body[field] = value;
  }
  body.excludeFromReporting = values.excludeFromReporting;
  body.hideInInventoryOverview = !values.showInOverview;
  return body as AddBrandBody;
}

/** Only the fields that differ from the saved brand (a cleared text field is sent as ''). */
export function brandChanges(brand: Brand, values: BrandFormValues): UpdateBrandBody {
  const before = formFromBrand(brand);
  const out: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== before[field].trim()) out[field] = value;
  }
  if (values.excludeFromReporting !== before.excludeFromReporting)
    out.excludeFromReporting = values.excludeFromReporting;
  if (values.showInOverview !== before.showInOverview) out.hideInInventoryOverview = !values.showInOverview;
  return out as UpdateBrandBody;
}

/**
 * Field errors from the shared body schema ('Brand name is required', …), keyed by form field. The update
 * schema has every field optional, so it checks an add body's fields as well (its "Nothing to update" has no
 * field and is not shown).
 */
export function validateBrand(body: AddBrandBody | UpdateBrandBody): Partial<Record<BrandFormField, string>> {
  const parsed = updateBrandBody.safeParse(body);
  const errors: Partial<Record<BrandFormField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = (key === 'hideInInventoryOverview' ? 'showInOverview' : key) as BrandFormField;
    if (field in BRAND_FIELD_LABELS) errors[field] ??= issue.message;
  }
  return errors;
}
