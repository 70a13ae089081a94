import {
  addProductBody,
  cleanPriceString,
  updateProductBody,
  type AddProductBody,
  type Genetics,
  type Product,
  type ProductStatus,
  type UpdateProductBody,
} from '@bo/shared';

/** The Add/Edit Product form as typed: numbers and prices stay strings until submission. */
export interface ProductFormValues {
  name: string;
  brandID: string;
  typeID: string;
  genetics: Genetics | '';
  extractTypeID: string;
  productLineIDs: string[];
  status: ProductStatus;
  weight: string;
  unitQuantity: string;
  cost: string;
  basePrice: string;
  msrp: string;
  description: string;
  image: string;
  discountEligible: boolean;
  hasBatch: boolean;
  hideFromCatalog: boolean;
}
export type ProductFormField = keyof ProductFormValues;

/** Defaults of spec section 5: status ACTIVE, discount eligible, batched. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  brandID: '',
  typeID: '',
  genetics: '',
  extractTypeID: '',
  productLineIDs: [],
  status: 'ACTIVE',
  weight: '',
  unitQuantity: '',
  cost: '',
  basePrice: '',
  msrp: '',
  description: '',
  image: '',
  discountEligible: true,
  hasBatch: true,
  hideFromCatalog: false,
};

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export const formFromProduct = (p: Product): ProductFormValues => ({
  name: p.name,
  brandID: p.brandID,
  typeID: p.typeID,
  genetics: p.genetics ?? '',
  extractTypeID: p.extractTypeID ?? '',
  productLineIDs: [...p.productLineIDs],
  status: p.status,
  weight: text(p.weight),
  unitQuantity: text(p.unitQuantity),
  cost: text(p.cost),
  basePrice: text(p.basePrice),
  msrp: text(p.msrp),
  description: p.description ?? '',
  image: p.image ?? '',
  discountEligible: p.discountEligible,
  hasBatch: p.hasBatch,
  hideFromCatalog: p.hideFromCatalog,
});

/** A typed number: '' is absent; anything else that is not a number stays as text so the schema rejects it. */
const num = (raw: string): number | string | undefined => {
  const v = raw.trim();
  if (!v) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
};
/** A typed price: cleaned with `cleanPriceString` first (spec section 5). */
const price = (raw: string): number | string | undefined => num(cleanPriceString(raw));
const opt = (raw: string): string | undefined => raw.trim() || undefined;

/** Every field as the API takes it (absent optional fields left out). */
export function bodyFromForm(v: ProductFormValues, withCost: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: v.name,
    brandID: v.brandID,
    typeID: v.typeID,
    genetics: v.genetics || undefined,
    extractTypeID: opt(v.extractTypeID),
    productLineIDs: v.productLineIDs,
    status: v.status,
    weight: num(v.weight),
    unitQuantity: num(v.unitQuantity),
    cost: withCost ? price(v.cost) : undefined,
    basePrice: price(v.basePrice),
    msrp: price(v.msrp),
    description: opt(v.description),
    image: opt(v.image),
    discountEligible: v.discountEligible,
    hasBatch: v.hasBatch,
    hideFromCatalog: v.hideFromCatalog,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

type Errors = Partial<Record<ProductFormField, string>>;

/** Per field, the schema's most specific message (the last issue of that field). */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as ProductFormField;
    if (field) out[field] = issue.message;
  }
  return out;
}

export function validateNew(
  v: ProductFormValues,
  withCost: boolean,
): { body: AddProductBody; errors?: undefined } | { errors: Errors } {
  const parsed = addProductBody.safeParse(bodyFromForm(v, withCost));
  return parsed.success ? { body: parsed.data } : { errors: errorsOf(parsed.error.issues) };
}

/** Only the fields that differ from the product; `{}` when nothing changed. */
export function productChanges(product: Product, v: ProductFormValues, withCost: boolean): Record<string, unknown> {
  const before = bodyFromForm(formFromProduct(product), withCost);
  const after = bodyFromForm(v, withCost);
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    const value = after[key] ?? CLEARED[key];
    if (value !== undefined) changes[key] = value;
  }
  return changes;
}

/**
 * How an emptied optional field is sent on update: text as ''. The update schema has no way to clear
 * genetics, extract type or the numbers (no null), so emptying those is not sent.
 */
const CLEARED: Record<string, unknown> = { description: '', image: '' };

export function validateChanges(
  changes: Record<string, unknown>,
): { body: UpdateProductBody; errors?: undefined } | { errors: Errors } {
  const parsed = updateProductBody.safeParse(changes);
  return parsed.success ? { body: parsed.data } : { errors: errorsOf(parsed.error.issues) };
}

export const isDirty = (a: ProductFormValues, b: ProductFormValues): boolean => JSON.stringify(a) !== JSON.stringify(b);
