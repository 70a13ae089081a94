import type {
  AddBrandBody,
  AddCustomerBody,
  AddProductBody,
  ImportKind,
  PlannedRow,
  UpdateBrandBody,
  UpdateCustomerBody,
  UpdateProductBody,
} from '@bo/shared';
import { type Actor, DomainError } from '../../domain';
import { createBrand, updateBrand } from '../brands';
import { createProductType } from '../product-types';
import {
  PRODUCTS_PER_TRANSACTION,
  createProduct,
  createProductsTogether,
  numberProducts,
  updateProduct,
} from '../products';
import { createCustomer, updateCustomer } from '../customers';
import { setFixedPrices } from '../custom-pricing';
import { mapLimit } from '../map-limit';
import type { ChunkOutcome } from './writes';
import type { ImportFailure } from './entity';

/**
 * Writes a chunk of a dry run's create and update rows through the same data-layer writes the routes use (each
 * record its own conditional transaction with its change-log entry, which names the import through the actor's
 * `via`). A row refused by a domain rule (a name taken meanwhile) is a failure of that row; anything else (an
 * outage) throws, and the job's retry re-plans the chunk, so nothing is written twice.
 */

/** Records written at once (the transactions of DynamoDB Local and of one Lambda share two to a few cores). */
const ROWS_AT_ONCE = 8;

type RowWriter = (row: PlannedRow, by: Actor) => Promise<unknown>;

const WRITERS: Record<Exclude<ImportKind, 'customPrices'>, { create: RowWriter; update: RowWriter }> = {
  brands: {
    create: (r, by) => createBrand(r.body as AddBrandBody, by),
    update: (r, by) => updateBrand(r.id!, r.body as UpdateBrandBody, by),
  },
  productTypes: {
    create: (r, by) => createProductType(r.body as { name: string }, by),
    update: () => Promise.resolve(), // a type has only its name, by which it is matched: never updated
  },
  products: {
    create: (r, by) => createProduct(r.body as AddProductBody, by),
    update: (r, by) => updateProduct(r.id!, r.body as UpdateProductBody, by),
  },
  customers: {
    create: (r, by) => createCustomer(r.body as AddCustomerBody, by),
    update: (r, by) => updateCustomer(r.id!, r.body as UpdateCustomerBody, by),
  },
};

const failureOf = (row: PlannedRow, error: unknown): ImportFailure => {
  if (!(error instanceof DomainError)) throw error;
  return { row: row.row, label: row.label, message: error.message };
};

/** A customer's prices in one bulk write (chunked transactions, prices already in place skipped). */
async function commitPrices(rows: readonly PlannedRow[], by: Actor): Promise<ImportFailure[]> {
  const byCustomer = new Map<string, PlannedRow[]>();
  for (const row of rows) {
    const customerId = String(row.body!.customerId);
    byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), row]);
  }
  const failures = await mapLimit([...byCustomer], 8, async ([customerId, group]) => {
    try {
      await setFixedPrices(
        customerId,
        group.map((r) => ({ productId: String(r.body!.productId), customPrice: Number(r.body!.customPrice) })),
        by,
      );
      return [];
    } catch (error) {
      return group.map((r) => failureOf(r, error));
    }
  });
  return failures.flat();
}

/** Groups of new products at once: each updates its brands' and type's counts, so more would mostly wait. */
const GROUPS_AT_ONCE = 3;

async function writeEach(
  rows: readonly PlannedRow[],
  writer: { create: RowWriter; update: RowWriter },
  by: Actor,
): Promise<ImportFailure[]> {
  const results = await mapLimit(rows, ROWS_AT_ONCE, async (row) => {
    try {
      await writer[row.action as 'create' | 'update'](row, by);
      return undefined;
    } catch (error) {
      return failureOf(row, error);
    }
  });
  return results.filter((f): f is ImportFailure => f !== undefined);
}

/**
 * New products a transaction's worth at a time (`createProductsTogether`); a group refused as a whole (a SKU
 * taken meanwhile) is written one product at a time, so only the product at fault fails.
 */
async function createProducts(rows: readonly PlannedRow[], by: Actor): Promise<ImportFailure[]> {
  // The chunk's new products numbered at once (a counter update per prefix, not per group).
  const numbered = await numberProducts(rows.map((r) => r.body as AddProductBody)).catch((error: unknown) => {
    if (error instanceof DomainError) return undefined; // a brand or type gone: each row says so below
    throw error;
  });
  const withSkus = numbered ? rows.map((r, i) => ({ ...r, body: { ...r.body, sku: numbered[i]!.sku } })) : rows;
  const groups: PlannedRow[][] = [];
  for (let i = 0; i < withSkus.length; i += PRODUCTS_PER_TRANSACTION)
    groups.push(withSkus.slice(i, i + PRODUCTS_PER_TRANSACTION));
  const failures = await mapLimit(groups, GROUPS_AT_ONCE, async (group) => {
    try {
      await createProductsTogether(
        group.map((r) => r.body as AddProductBody),
        by,
      );
      return [];
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return writeEach(group, WRITERS.products, by);
    }
  });
  return failures.flat();
}

export async function commitRows(kind: ImportKind, rows: readonly PlannedRow[], by: Actor): Promise<ChunkOutcome> {
  const todo = rows.filter((r) => r.action === 'create' || r.action === 'update');
  const failures =
    kind === 'customPrices'
      ? await commitPrices(todo, by)
      : kind === 'products'
        ? [
            ...(await createProducts(
              todo.filter((r) => r.action === 'create'),
              by,
            )),
            ...(await writeEach(
              todo.filter((r) => r.action === 'update'),
              WRITERS.products,
              by,
            )),
          ]
        : await writeEach(todo, WRITERS[kind], by);
  const failedRows = new Set(failures.map((f) => f.row));
  const written = todo.filter((r) => !failedRows.has(r.row));
  return {
    processed: rows.length,
    created: written.filter((r) => r.action === 'create').length,
    updated: written.filter((r) => r.action === 'update').length,
    failures,
  };
}
