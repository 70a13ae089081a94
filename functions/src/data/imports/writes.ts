import { randomBytes } from 'node:crypto';
import { type ImportKind, type NewImportBody, type RowAction, planCounts, type PlannedRow } from '@bo/shared';
import { type Actor, ConflictError } from '../../domain';
import { and, eq, isConditionFailed, notExists, put, update } from '../core';
import { enqueueJob } from '../queues/jobs';
import { IMPORT_QUEUE, type ImportFailure, type ImportItem, MAX_FAILURES, importEntity } from './entity';

/**
 * The job's state changes, each conditioned on the state it leaves, so a step repeated by a retried message
 * (or a second caller) does nothing twice: UPLOADING → READING → PLANNED | FAILED, PLANNED → COMMITTING → DONE, the
 * commit's progress moved on only from the position it was read at.
 */

const KEY = (importId: string) => ({ queue: IMPORT_QUEUE, importId }) as const;
const NO_COUNTS: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, refuse: 0 };

/** Base-36 milliseconds (8 characters until 2059) then 8 random characters: ids sort by creation. */
const newImportId = () => `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(5).toString('hex')}`;

export async function createImport(body: NewImportBody, by: Actor): Promise<ImportItem> {
  const item: ImportItem = {
    queue: IMPORT_QUEUE,
    importId: newImportId(),
    kind: body.kind as ImportKind,
    fileName: body.fileName,
    fileType: body.fileType,
    ...(body.size === undefined ? {} : { size: body.size }),
    status: 'UPLOADING',
    createdAt: new Date().toISOString(),
    ...(by.name ? { createdBy: by.name } : {}),
    createdById: by.userId,
    rowCount: 0,
    counts: NO_COUNTS,
    done: 0,
    total: 0,
    created: 0,
    updated: 0,
    failed: 0,
    failures: [],
  };
  await put(importEntity, item, { ifAbsent: true });
  return item;
}

/** Runs a conditional state change; false when the condition failed (another step got there first). */
async function step(importId: string, changes: Parameters<typeof update>[2], condition: Parameters<typeof and>[0]) {
  try {
    return await update(importEntity, KEY(importId), changes, { condition });
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** The file arrived: the job may read it (once). */
export const markReading = (importId: string) =>
  step(importId, { set: { status: 'READING' } }, eq('status', 'UPLOADING'));

export const markFailed = (importId: string, message: string) =>
  step(importId, { set: { status: 'FAILED', message, finishedAt: new Date().toISOString() } }, eq('status', 'READING'));

export function markPlanned(importId: string, plan: readonly PlannedRow[]) {
  const counts = planCounts(plan);
  return step(
    importId,
    {
      set: {
        status: 'PLANNED',
        rowCount: plan.length,
        counts,
        total: counts.create + counts.update,
        plannedAt: new Date().toISOString(),
      },
    },
    eq('status', 'READING'),
  );
}

/** PLANNED → COMMITTING, by the caller who commits; the same import committed again is answered as it is. */
export async function startCommit(item: ImportItem, by: Actor): Promise<ImportItem> {
  if (item.status !== 'PLANNED') return item;
  const done = item.total === 0;
  const now = new Date().toISOString();
  const saved = await step(
    item.importId,
    {
      set: {
        status: done ? 'DONE' : 'COMMITTING',
        committedAt: now,
        ...(by.name ? { committedBy: by.name } : {}),
        committedById: by.userId,
        committerRoles: [...by.roles],
        ...(done ? { finishedAt: now } : {}),
      },
    },
    eq('status', 'PLANNED'),
  );
  if (!saved) throw new ConflictError('The import changed meanwhile: load it again');
  if (saved.status === 'COMMITTING') await enqueueJob('imports', item.importId);
  return saved;
}

/** Marks the chunk starting at `done` as begun; false when the job's position moved (another run is ahead). */
export const beginChunk = async (importId: string, done: number) =>
  (await step(
    importId,
    { set: { chunkStarted: done } },
    and(eq('status', 'COMMITTING'), eq('done', done), notExists('chunkStarted')),
  )) !== undefined;

export interface ChunkOutcome {
  processed: number;
  created: number;
  updated: number;
  failures: ImportFailure[];
}

/** A chunk is written: progress moves on from where it started (DONE at the end); its failures kept (bounded). */
export function finishChunk(item: ImportItem, outcome: ChunkOutcome) {
  const done = item.done + outcome.processed;
  const finished = done >= item.total;
  return step(
    item.importId,
    {
      set: {
        done,
        created: item.created + outcome.created,
        updated: item.updated + outcome.updated,
        failed: item.failed + outcome.failures.length,
        failures: [...item.failures, ...outcome.failures].slice(0, MAX_FAILURES),
        ...(finished ? { status: 'DONE', finishedAt: new Date().toISOString() } : {}),
      },
      remove: ['chunkStarted'],
    },
    and(eq('status', 'COMMITTING'), eq('done', item.done)),
  );
}

/**
 * An import at work (READING, COMMITTING) asked again by its user: its step is sent again, so a job whose step was
 * lost (a failed send after its state write) goes on. A step finding another run ahead of it does nothing.
 */
export async function resumeImport(item: ImportItem): Promise<void> {
  if (item.status === 'READING' || item.status === 'COMMITTING') await enqueueJob('imports', item.importId);
}
