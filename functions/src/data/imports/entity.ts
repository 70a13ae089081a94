import type { ImportFileType, ImportKind, ImportStatus, RowAction } from '@bo/shared';
import { defineEntity } from '../core';
import { JOB_QUEUE } from '../job-queue';

export const IMPORT_QUEUE = JOB_QUEUE;

/** A row the commit could not write, and why (a domain error's message). */
export interface ImportFailure {
  row: number;
  label: string;
  message: string;
}

/** An import job (issue 24, section 1). Its file and its dry run live in the documents bucket under `imports/`. */
export interface ImportItem {
  queue: typeof JOB_QUEUE;
  /** Time-ordered: base-36 milliseconds, then random; the key's sort is creation order. */
  importId: string;
  kind: ImportKind;
  fileName: string;
  fileType: ImportFileType;
  size?: number;
  status: ImportStatus;
  message?: string;
  createdAt: string;
  createdBy?: string;
  createdById: string;
  rowCount: number;
  counts: Record<RowAction, number>;
  /** Commit progress: rows of the dry run's create and update rows processed, of `total`. */
  done: number;
  total: number;
  created: number;
  updated: number;
  failed: number;
  /** The first MAX_FAILURES rows the commit could not write. */
  failures: ImportFailure[];
  /**
   * Set to `done` before a chunk's writes and removed with the chunk's progress: a job that finds it set stopped
   * inside that chunk, so it re-plans the chunk's rows from fresh reads (what was written reads as unchanged).
   */
  chunkStarted?: number;
  plannedAt?: string;
  committedAt?: string;
  committedBy?: string;
  committedById?: string;
  committerRoles?: string[];
  finishedAt?: string;
}

/**
 * Access patterns:
 * - primary: one import (Get) — pk queue `jobs` (job-queue.ts), sk importId; the latest imports: Query the
 *   partition's import items newest first (ids sort by creation), one page of 50.
 * - the import job (events/src/queued/imports.ts) reads one import by id (Get, consistent) per step of its queue.
 */
export const importEntity = defineEntity<ImportItem>()({
  entity: 'import',
  version: '1',
  primary: { pk: ['queue'], sk: ['importId'] },
});

export const MAX_FAILURES = 200;
