import { randomUUID } from 'node:crypto';
import type { Batch } from '@bo/shared';
import { type Actor, ConflictError, NotFoundError } from '../../domain';
import { eq, exists, get, transaction } from '../core';
import { logChange } from '../change-log';
import { defined } from '../defined';
import { readStockFor } from '../stock-ledger';
import { type BatchItem, batchEntity } from './batch-entity';
import { productEntity } from './entity';
import { addLedgerChanges } from './ledger';
import { batchChanges, toBatch } from './records';

export interface NewBatch {
  batchNumber: string;
  receivedOn: string;
  isCheckedIn?: boolean;
  initialQuantity: number;
}

export const newBatchItem = (productId: string, input: NewBatch, now: string): BatchItem => ({
  productId,
  batchId: randomUUID(),
  batchNumber: input.batchNumber,
  receivedOn: input.receivedOn,
  isCheckedIn: input.isCheckedIn ?? false,
  initialQuantity: input.initialQuantity,
  version: 1,
  createdAt: now,
  modifiedOn: now,
});

/** Adds a batch to a product, with a change-log entry on the product (field `batch`, subfield the batch number). */
export async function addBatch(productId: string, input: NewBatch, by: Actor): Promise<Batch> {
  const now = new Date().toISOString();
  const item = newBatchItem(productId, input, now);
  const { productId: _p, batchId: _b, createdAt: _c, modifiedOn: _m, version: _v, ...fields } = item;
  const tracked = { ...fields, remainingQuantity: input.initialQuantity };
  const tx = transaction()
    .check('product', productEntity, { productId }, exists('sku'))
    .put('batch', batchEntity, item, { ifAbsent: true });
  logChange(tx, {
    caller: by,
    entityType: 'product',
    entityId: productId,
    action: 'update',
    changes: batchChanges(item.batchNumber, undefined, tracked),
    at: now,
  });
  addLedgerChanges(tx, [
    {
      kind: 'addBatch',
      productId,
      batchId: item.batchId,
      remaining: input.initialQuantity,
      free: input.initialQuantity,
    },
  ]);
  await tx.commit((failed) =>
    failed.has('product') ? new NotFoundError('Product not found') : new ConflictError('This batch already exists'),
  );
  return toBatch(item, await readStockFor([productId]));
}

export interface BatchChanges {
  batchNumber?: string;
  receivedOn?: string;
  isCheckedIn?: boolean;
  remainingQuantity?: number;
}

/** Checks a batch in or corrects it; optimistic on the batch's version. */
export async function updateBatch(productId: string, batchId: string, input: BatchChanges, by: Actor): Promise<Batch> {
  const [before, stock] = await Promise.all([get(batchEntity, { productId, batchId }), readStockFor([productId])]);
  if (!before) throw new NotFoundError('Batch not found');
  const remainingBefore = stock.remaining(batchId);
  const changes = batchChanges(
    input.batchNumber ?? before.batchNumber,
    { ...before, remainingQuantity: remainingBefore },
    input,
  );
  if (changes.length === 0) return toBatch(before, stock);
  const { remainingQuantity, ...batchFields } = input;
  const remainingChanged = remainingQuantity !== undefined && remainingQuantity !== remainingBefore;
  const now = new Date().toISOString();
  const tx = transaction().update(
    'batch',
    batchEntity,
    { productId, batchId },
    { set: { ...defined({ ...batchFields }), modifiedOn: now }, add: { version: 1 } },
    { condition: eq('version', before.version) },
  );
  logChange(tx, { caller: by, entityType: 'product', entityId: productId, action: 'update', changes, at: now });
  // A correction of the remaining units moves the free units by as much (reservations stay).
  if (remainingChanged)
    addLedgerChanges(tx, [
      {
        kind: 'setBatch',
        productId,
        batchId,
        remaining: remainingQuantity,
        freeDelta: remainingQuantity - remainingBefore,
        expect: remainingBefore,
      },
    ]);
  await tx.commit(() => new ConflictError('The batch changed while saving; reload and try again'));
  return toBatch({ ...before, ...batchFields }, await readStockFor([productId]));
}
