import type * as z from '../../zod';
import { addBrandBody, addProductBody, nameBody, updateBrandBody, updateProductBody } from '../../schemas/catalog';
import { addCustomerBody, updateCustomerBody } from '../../schemas/customers';
import { toCents } from '../../money';
import { IMPORT_COLUMNS, type ImportKind, type RowIssue, readRow } from './columns';

/**
 * The dry run of an import (issue 24): for each row, what committing it would do — create, update (matched by
 * SKU, brand name, type name or customer name; a product without a SKU by its brand and name, so running a file
 * twice finds what the first run made), leave unchanged, or refuse, and why, in the API's own messages (each
 * row's body is checked with the schema its create or update route uses). Pure: the server plans from the
 * records it read, and commit writes exactly the rows planned.
 */

export type RowAction = 'create' | 'update' | 'unchanged' | 'refuse';

export interface PlannedRow {
  /** The row's number in the file (1 is the header row). */
  row: number;
  action: RowAction;
  /** What the row is, as a user knows it: the SKU or name, or "customer · SKU" for a price. */
  label: string;
  /** The record updated (or left unchanged). */
  id?: string;
  /** The body its route takes (create or update); for a price, `{ customerId, productId, customPrice }`. */
  body?: Record<string, unknown>;
  /** The fields an update changes. */
  changed?: string[];
  issues?: RowIssue[];
}

/** A record as the import compares it: its id and its fields as the wire has them (dollars). */
export interface ExistingRecord {
  id: string;
  fields: Record<string, unknown>;
}

/** What the dry run reads before planning: names are matched case-insensitively, SKUs exactly. */
export interface ExistingRecords {
  brands: ReadonlyMap<string, ExistingRecord>;
  types: ReadonlyMap<string, ExistingRecord>;
  products: { bySku: ReadonlyMap<string, ExistingRecord>; byBrandAndName: ReadonlyMap<string, ExistingRecord> };
  customers: ReadonlyMap<string, ExistingRecord>;
  /** Custom prices in cents, by `customerId productId`. */
  prices: ReadonlyMap<string, number>;
}

export const IMPORT_PLAN_MESSAGES = {
  unknownBrand: (name: string) => `No brand is named ${name}: import brands first, or fix the name`,
  unknownType: (name: string) => `No product type is named ${name}: import product types first, or fix the name`,
  unknownSku: (sku: string, known?: string) =>
    known
      ? `No product has SKU ${sku}, but a product of this brand with this name has SKU ${known}: fix the SKU`
      : `No product has SKU ${sku}`,
  skuFormat: (sku: string) =>
    `SKU ${sku} may hold letters, digits, '.', '_' and '-' only (at most 64), starting with a letter or digit`,
  unknownCustomer: (name: string) => `No customer is named ${name}`,
  duplicate: (label: string, row: number) => `${label} is also on row ${row}: each record once per file`,
} as const;

/** A SKU a product moving in may keep (created with it when the catalogue does not have it). */
export const IMPORT_SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The key names are matched by: trimmed, lower case, inner spaces as one. */
export const nameKey = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');
export const productNameKey = (brandId: string, name: string): string => `${brandId} ${nameKey(name)}`;
export const priceKey = (customerId: string, productId: string): string => `${customerId} ${productId}`;

const headerOf = (kind: ImportKind, field: string) =>
  IMPORT_COLUMNS[kind].find((c) => c.field === field || `${c.field}ID` === field)?.header ?? field;

/** A body checked by its route's schema: the body as parsed, or its issues named by column. */
function check(
  kind: ImportKind,
  schema: z.ZodMiniType,
  input: Record<string, unknown>,
): { ok: true; body: Record<string, unknown> } | { ok: false; issues: RowIssue[] } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data as Record<string, unknown> };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => {
      const field = String(i.path[0] ?? '');
      const header = headerOf(kind, field);
      // The schema's own message when it names the field already ("Status must be one of …").
      const named = !field || i.message.toLowerCase().startsWith(header.toLowerCase());
      return { field, message: named ? i.message : `${header}: ${i.message}` };
    }),
  };
}

/** The fields of `values` that differ from the record's (money compared in cents). */
const changedFields = (values: Record<string, unknown>, record: ExistingRecord): string[] =>
  Object.entries(values)
    .filter(([field, value]) => {
      const now = record.fields[field];
      if (typeof value === 'number' && typeof now === 'number') return toCents(value) !== toCents(now);
      return (now ?? '') !== value;
    })
    .map(([field]) => field);

const refuse = (row: number, label: string, issues: RowIssue[]): PlannedRow => ({
  row,
  action: 'refuse',
  label,
  issues,
});

/** A create or an update of a record matched by key, each checked by its route's schema. */
function upsert(
  kind: ImportKind,
  row: number,
  label: string,
  values: Record<string, unknown>,
  match: ExistingRecord | undefined,
  schemas: { create: z.ZodMiniType; update: z.ZodMiniType },
): PlannedRow {
  if (!match) {
    const checked = check(kind, schemas.create, values);
    return checked.ok ? { row, action: 'create', label, body: checked.body } : refuse(row, label, checked.issues);
  }
  const changed = changedFields(values, match);
  if (changed.length === 0) return { row, action: 'unchanged', label, id: match.id };
  const body = Object.fromEntries(changed.map((f) => [f, values[f]]));
  const checked = check(kind, schemas.update, body);
  return checked.ok
    ? { row, action: 'update', label, id: match.id, body: checked.body, changed }
    : refuse(row, label, checked.issues);
}

type RowPlanner = (row: number, values: Record<string, unknown>, existing: ExistingRecords) => PlannedRow;

const PLANNERS: Record<ImportKind, RowPlanner> = {
  brands: (row, values, existing) => {
    const label = String(values.name);
    return upsert('brands', row, label, values, existing.brands.get(nameKey(label)), {
      create: addBrandBody,
      update: updateBrandBody,
    });
  },
  productTypes: (row, values, existing) => {
    const label = String(values.name);
    const match = existing.types.get(nameKey(label));
    if (match) return { row, action: 'unchanged', label, id: match.id };
    const checked = check('productTypes', nameBody, values);
    return checked.ok ? { row, action: 'create', label, body: checked.body } : refuse(row, label, checked.issues);
  },
  products: (row, values, existing) => {
    const { sku, brand, type, ...fields } = values as Record<string, unknown> & {
      sku?: string;
      brand: string;
      type: string;
    };
    const label = sku ?? String(fields.name);
    const brandRecord = existing.brands.get(nameKey(brand));
    const typeRecord = existing.types.get(nameKey(type));
    const issues: RowIssue[] = [
      ...(brandRecord ? [] : [{ field: 'brand', message: IMPORT_PLAN_MESSAGES.unknownBrand(brand) }]),
      ...(typeRecord ? [] : [{ field: 'type', message: IMPORT_PLAN_MESSAGES.unknownType(type) }]),
    ];
    if (sku !== undefined && !IMPORT_SKU.test(sku))
      issues.push({ field: 'sku', message: IMPORT_PLAN_MESSAGES.skuFormat(sku) });
    if (issues.length || !brandRecord || !typeRecord) return refuse(row, label, issues);
    const bySku = sku === undefined ? undefined : existing.products.bySku.get(sku);
    const byName = existing.products.byBrandAndName.get(productNameKey(brandRecord.id, String(fields.name)));
    const record = { ...fields, brandID: brandRecord.id, typeID: typeRecord.id };
    const schemas = { create: addProductBody, update: updateProductBody };
    if (sku === undefined || bySku) return upsert('products', row, label, record, bySku ?? byName, schemas);
    // A SKU the catalogue does not have: a product moving in keeps its SKU, unless its brand already has a product
    // of that name (then the SKU is more likely a typo than a new product).
    if (byName) {
      const known = String(byName.fields.sku ?? '');
      return refuse(row, label, [{ field: 'sku', message: IMPORT_PLAN_MESSAGES.unknownSku(sku, known) }]);
    }
    const created = upsert('products', row, label, record, undefined, schemas);
    return created.action === 'create' ? { ...created, body: { ...created.body, sku } } : created;
  },
  customers: (row, values, existing) => {
    const label = String(values.customerName);
    return upsert('customers', row, label, values, existing.customers.get(nameKey(label)), {
      create: addCustomerBody,
      update: updateCustomerBody,
    });
  },
  customPrices: (row, values, existing) => {
    const customerName = String(values.customer);
    const sku = String(values.sku);
    const label = `${customerName} · ${sku}`;
    const customer = existing.customers.get(nameKey(customerName));
    const product = existing.products.bySku.get(sku);
    const issues: RowIssue[] = [
      ...(customer ? [] : [{ field: 'customer', message: IMPORT_PLAN_MESSAGES.unknownCustomer(customerName) }]),
      ...(product ? [] : [{ field: 'sku', message: IMPORT_PLAN_MESSAGES.unknownSku(sku) }]),
    ];
    const price = values.customPrice as number;
    if (price < 0) issues.push({ field: 'customPrice', message: 'Custom price: Must not be negative' });
    if (issues.length || !customer || !product) return refuse(row, label, issues);
    const now = existing.prices.get(priceKey(customer.id, product.id));
    const body = { customerId: customer.id, productId: product.id, customPrice: price };
    if (now === toCents(price)) return { row, action: 'unchanged', label, body };
    return { row, action: now === undefined ? 'create' : 'update', label, body };
  },
};

/** The key a row is one record by, to refuse a record that comes twice in a file. */
const rowKey = (kind: ImportKind, values: Record<string, unknown>): string => {
  switch (kind) {
    case 'products':
      return values.sku !== undefined
        ? `sku ${String(values.sku)}`
        : `name ${nameKey(String(values.brand))} ${nameKey(String(values.name))}`;
    case 'customPrices':
      return `${nameKey(String(values.customer))} ${String(values.sku)}`;
    case 'customers':
      return nameKey(String(values.customerName));
    default:
      return nameKey(String(values.name));
  }
};

/**
 * Plans every row of a file: `rows` are the data rows (after the header), each with its number in the file.
 * Empty rows are skipped by the reader before this; a row read with bad cells is refused with them.
 */
export function planImport(
  kind: ImportKind,
  indexes: ReadonlyMap<string, number>,
  rows: ReadonlyArray<{ row: number; cells: readonly unknown[] }>,
  existing: ExistingRecords,
): PlannedRow[] {
  const seen = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const read = readRow(kind, indexes, cells);
    if (!read.ok) return refuse(row, `Row ${row}`, read.issues);
    const key = rowKey(kind, read.values);
    const first = seen.get(key);
    const planned = PLANNERS[kind](row, read.values, existing);
    if (first !== undefined)
      return refuse(row, planned.label, [{ field: '', message: IMPORT_PLAN_MESSAGES.duplicate(planned.label, first) }]);
    seen.set(key, row);
    return planned;
  });
}

/** How many rows of each action a plan holds. */
export const planCounts = (plan: readonly PlannedRow[]): Record<RowAction, number> => {
  const counts: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const p of plan) counts[p.action]++;
  return counts;
};
