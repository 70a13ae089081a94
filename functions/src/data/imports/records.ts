import type { ImportJob, ImportRow, PlannedRow } from '@bo/shared';
import { NotFoundError } from '../../domain';
import type { ImportItem } from './entity';

export const importNotFound = () => new NotFoundError('Import not found');

/** An import as the API answers it (without rows). */
export const toImportJob = (item: ImportItem): ImportJob => ({
  id: item.importId,
  kind: item.kind,
  fileName: item.fileName,
  status: item.status,
  ...(item.message ? { message: item.message } : {}),
  createdAt: item.createdAt,
  ...(item.createdBy ? { createdBy: item.createdBy } : {}),
  rowCount: item.rowCount,
  counts: item.counts,
  progress: { done: item.done, total: item.total },
  ...(item.committedAt
    ? {
        committed: { created: item.created, updated: item.updated, failed: item.failed },
        failures: item.failures,
        committedAt: item.committedAt,
        ...(item.committedBy ? { committedBy: item.committedBy } : {}),
      }
    : {}),
  ...(item.plannedAt ? { plannedAt: item.plannedAt } : {}),
  ...(item.finishedAt ? { finishedAt: item.finishedAt } : {}),
});

/** A dry-run row as the API answers it. */
export const toImportRow = (row: PlannedRow): ImportRow => ({
  row: row.row,
  action: row.action,
  label: row.label,
  ...(row.id ? { id: row.id } : {}),
  ...(row.body ? { body: row.body } : {}),
  ...(row.changed ? { changed: row.changed } : {}),
  ...(row.issues ? { issues: row.issues } : {}),
});
