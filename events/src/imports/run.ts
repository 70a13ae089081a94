import { columnIndexes, importSizeProblem, planImport, type PlannedRow } from '@bo/shared';
import type { Actor } from '@bo/functions/data';
import { importJob, imports } from '@bo/functions/data';
import { logger } from '@bo/functions/logger';
import { countJobMetric, JOB_METRICS } from '@bo/functions/metrics';
import type { StepOutcome } from '../queued/job-driver';
import { readSpreadsheet } from './read-file';

type ImportItem = imports.ImportItem;

/**
 * The import job (issue 24, section 1), one step at a time from its queue (events/src/queued/imports.ts):
 * - READING: reads the file (S3), plans every row against the records it names (a dry run: nothing written),
 *   stores the plan beside the file and moves to PLANNED, or to FAILED with the file's problem;
 * - COMMITTING: writes the plan's create and update rows in chunks. Each chunk is marked begun, written, then the
 *   progress moved on conditioned on where it started, so two runs never write the same chunk and a run that
 *   stopped inside a chunk (a timeout, an outage) is resumed from it: that chunk's rows are planned again from
 *   fresh reads, so what was written reads as unchanged and is not written twice. Work stops at the deadline and
 *   the next step is sent.
 */

export const CHUNK_ROWS = 100;

/** Plans a file: the rows, or why the file cannot be imported. */
async function planOf(item: ImportItem): Promise<{ ok: true; plan: PlannedRow[] } | { ok: false; message: string }> {
  const bytes = await imports.readImportFile(item.importId, item.fileType);
  if (!bytes) return { ok: false, message: 'The uploaded file is gone: start a new import' };
  const tooBig = importSizeProblem(bytes.byteLength);
  if (tooBig) return { ok: false, message: tooBig };
  const file = await readSpreadsheet(bytes);
  if (!file.ok) return file;
  const columns = columnIndexes(item.kind, file.header);
  if (!columns.ok) return columns;
  const existing = await importJob.loadExisting(item.kind, columns.indexes, file.rows);
  return { ok: true, plan: planImport(item.kind, columns.indexes, file.rows, existing) };
}

async function readStep(item: ImportItem): Promise<void> {
  const planned = await planOf(item);
  if (!planned.ok) {
    countJobMetric(JOB_METRICS.importFilesRefused, 1);
    logger.info('Import file refused', { importId: item.importId, message: planned.message });
    await imports.markFailed(item.importId, planned.message);
    return;
  }
  await imports.writePlan(item.importId, planned.plan);
  await imports.markPlanned(item.importId, planned.plan);
  countJobMetric(JOB_METRICS.importRowsPlanned, planned.plan.length);
  logger.info('Import planned', { importId: item.importId, kind: item.kind, rows: planned.plan.length });
}

/** Who writes: the user who committed, through the import (named in every change-log entry). */
const actorOf = (item: ImportItem): Actor => ({
  userId: item.committedById ?? item.createdById,
  roles: item.committerRoles ?? [],
  isAdmin: (item.committerRoles ?? []).includes('ADMIN'),
  ...(item.committedBy ? { name: item.committedBy } : {}),
  via: `Import ${item.fileName} (${item.importId})`,
});

/**
 * The rows of an interrupted chunk, planned again from the file and fresh reads: what the stopped run wrote reads
 * as unchanged now, and is counted as that run's create or update.
 */
async function replanned(item: ImportItem, rows: readonly PlannedRow[]) {
  const fresh = await planOf(item);
  if (!fresh.ok) throw new Error(`Import ${item.importId} could not be planned again: ${fresh.message}`);
  const byRow = new Map(fresh.plan.map((r) => [r.row, r]));
  const now = rows.map((r) => byRow.get(r.row) ?? { ...r, action: 'unchanged' as const });
  const written = rows.filter((r, i) => now[i]!.action === 'unchanged');
  return {
    rows: now,
    created: written.filter((r) => r.action === 'create').length,
    updated: written.filter((r) => r.action === 'update').length,
  };
}

async function commitSteps(first: ImportItem, deadline: number): Promise<StepOutcome> {
  const todo = (await imports.readPlan(first.importId)).filter((r) => r.action === 'create' || r.action === 'update');
  const by = actorOf(first);
  let item: ImportItem | undefined = first;
  while (item && item.status === 'COMMITTING' && Date.now() < deadline) {
    const start = item.done;
    let rows = todo.slice(start, start + CHUNK_ROWS);
    let before = { created: 0, updated: 0 };
    if (item.chunkStarted === start) {
      logger.info('Import resumed inside a chunk: planning it again', { importId: item.importId, row: start });
      const again = await replanned(item, rows);
      rows = again.rows;
      before = again;
    } else if (!(await imports.beginChunk(item.importId, start))) return 'done'; // another run is ahead
    const outcome = await importJob.commitRows(item.kind, rows, by);
    countJobMetric(JOB_METRICS.importRowsWritten, outcome.created + outcome.updated);
    countJobMetric(JOB_METRICS.importRowsFailed, outcome.failures.length);
    item = await imports.finishChunk(item, {
      ...outcome,
      processed: rows.length,
      created: outcome.created + before.created,
      updated: outcome.updated + before.updated,
    });
  }
  if (item?.status === 'DONE')
    logger.info('Import committed', {
      importId: item.importId,
      created: item.created,
      updated: item.updated,
      failed: item.failed,
    });
  return item?.status === 'COMMITTING' ? 'continue' : 'done';
}

/**
 * Runs what an import's current state asks for, until `deadline` (epoch ms); 'continue' when a commit has chunks
 * left (its next step is sent by the job's driver).
 */
export async function runImport(importId: string, deadline: number): Promise<StepOutcome> {
  const item = await imports.getImportItem(importId, true);
  if (item?.status === 'READING') await readStep(item);
  else if (item?.status === 'COMMITTING') return commitSteps(item, deadline);
  return 'done';
}
