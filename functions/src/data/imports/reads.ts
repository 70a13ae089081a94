import { IMPORT_MESSAGES, type ImportRow, mayImport, type RowAction } from '@bo/shared';
import { ForbiddenError } from '../../domain';
import { get, query } from '../core';
import { IMPORT_QUEUE, type ImportItem, importEntity } from './entity';
import { importFileExists, readPlan } from './files';
import { importNotFound, toImportRow } from './records';
import { markReading } from './writes';
import { enqueueJob } from '../queues/jobs';

export const getImportItem = (importId: string, consistent = false): Promise<ImportItem | undefined> =>
  get(importEntity, { queue: IMPORT_QUEUE, importId }, { consistent });

/** The latest imports, newest first: one page of the partition. */
export async function listImportItems(limit = 50): Promise<ImportItem[]> {
  const { items } = await query(importEntity, 'primary', { queue: IMPORT_QUEUE }, { order: 'desc', limit });
  return items;
}

/** An import the caller may see (one of a kind they may import): 404 when there is none, 403 when not theirs. */
export async function readImportFor(importId: string, roles: readonly string[]): Promise<ImportItem> {
  const item = await getImportItem(importId, true);
  if (!item) throw importNotFound();
  if (!mayImport(item.kind, roles)) throw new ForbiddenError(IMPORT_MESSAGES.forbidden(item.kind));
  return item;
}

/**
 * An import still waiting for its file moves on to its dry run once the file is there (`dryRun`, or the first
 * `getById` after the upload, so a client that only polls still gets its dry run).
 */
export async function readIfUploaded(item: ImportItem): Promise<ImportItem> {
  if (item.status !== 'UPLOADING' || !(await importFileExists(item.importId, item.fileType))) return item;
  const reading = await markReading(item.importId);
  if (reading) await enqueueJob('imports', item.importId);
  return reading ?? (await getImportItem(item.importId, true)) ?? item;
}

/** A page of an import's dry run, optionally of one action. */
export async function planPage(
  item: ImportItem,
  page: { cursor?: number | undefined; limit?: number | undefined; action?: RowAction | undefined },
): Promise<{ rows: ImportRow[]; nextCursor?: number }> {
  const limit = page.limit ?? 1000;
  if (limit === 0 || !item.plannedAt) return { rows: [] };
  const all = await readPlan(item.importId);
  const rows = page.action ? all.filter((r) => r.action === page.action) : all;
  const start = page.cursor ?? 0;
  const end = start + limit;
  return { rows: rows.slice(start, end).map(toImportRow), ...(end < rows.length ? { nextCursor: end } : {}) };
}
