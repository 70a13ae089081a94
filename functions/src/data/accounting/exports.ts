import { randomBytes } from 'node:crypto';
import { type AccountingExport, type AccountingFormat, accountingHash, type OrderExportStatus } from '@bo/shared';
import { type Actor, NotFoundError } from '../../domain';
import { eq, get, isConditionFailed, put, query, update } from '../core';
import { JOB_QUEUE } from '../job-queue';
import { enqueueJob } from '../queues/jobs';
import { getWhole } from '../orders/reads';
import { resolveOrderId } from '../orders/numbers';
import { type AccountingExportItem, accountingExportEntity } from './entity';
import { readExportedState } from './states';
import { invoiceOf } from './sources';

const KEY = (exportId: string) => ({ queue: JOB_QUEUE, exportId }) as const;
export const exportNotFound = () => new NotFoundError('Accounting export not found');

/** Where an export's files are: the documents bucket, under `accounting/` (no document route reads it). */
export const exportFileName = (exportId: string, name: string) => `accounting/${exportId}/${name}`;

export async function createExport(
  body: { format: AccountingFormat; from: string; to: string },
  by: Actor,
): Promise<AccountingExportItem> {
  const item: AccountingExportItem = {
    queue: JOB_QUEUE,
    exportId: `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(5).toString('hex')}`,
    ...body,
    status: 'RUNNING',
    createdAt: new Date().toISOString(),
    ...(by.name ? { createdBy: by.name } : {}),
    createdById: by.userId,
  };
  await put(accountingExportEntity, item, { ifAbsent: true });
  await enqueueJob('accounting-exports', item.exportId);
  return item;
}

export const getExportItem = (exportId: string, consistent = false) =>
  get(accountingExportEntity, KEY(exportId), { consistent });

export async function listExportItems(limit = 50): Promise<AccountingExportItem[]> {
  return (await query(accountingExportEntity, 'primary', { queue: JOB_QUEUE }, { order: 'desc', limit })).items;
}

/** RUNNING → DONE or FAILED, once. */
export async function finishExport(exportId: string, changes: Partial<AccountingExportItem>): Promise<void> {
  try {
    await update(
      accountingExportEntity,
      KEY(exportId),
      { set: { ...changes, finishedAt: new Date().toISOString() } },
      { condition: eq('status', 'RUNNING') },
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** An export as the API answers it (its files without links: `withDownloadLinks` adds them). */
export const toAccountingExport = (item: AccountingExportItem): AccountingExport => ({
  id: item.exportId,
  format: item.format,
  from: item.from,
  to: item.to,
  status: item.status,
  ...(item.message ? { message: item.message } : {}),
  createdAt: item.createdAt,
  ...(item.createdBy ? { createdBy: item.createdBy } : {}),
  ...(item.counts ? { counts: item.counts } : {}),
  ...(item.unchanged === undefined ? {} : { unchanged: item.unchanged }),
  files: item.files ?? [],
  ...(item.finishedAt ? { finishedAt: item.finishedAt } : {}),
});

/**
 * Whether an order's invoice went to the accountant, and whether it changed since: its invoice hashed now beside
 * the hash the export that included it wrote (by the order's id or number: one Query of the order, one Get of its
 * state's page).
 */
export async function orderExportStatus(idOrNumber: string): Promise<OrderExportStatus> {
  const orderId = await resolveOrderId(idOrNumber);
  if (!orderId) throw new NotFoundError('Order not found');
  const whole = await getWhole(orderId);
  if (!whole) throw new NotFoundError('Order not found');
  const invoice = invoiceOf(whole.header, whole.lines);
  const state = await readExportedState(invoice);
  if (!state) return { exported: false, changedSinceExport: false };
  return {
    exported: true,
    exportId: state.exportId,
    exportedAt: state.exportedAt,
    changedSinceExport: accountingHash(invoice) !== state.hash,
  };
}
