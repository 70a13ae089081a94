import type { AccountingFormat, AccountingKind, ExportChange } from '@bo/shared';
import { defineEntity } from '../core';
import type { JOB_QUEUE } from '../job-queue';

export type ExportCounts = Record<AccountingKind, Record<Exclude<ExportChange, 'unchanged'>, number>>;

/** An accounting export (issue 24, section 3): a job in the jobs partition, its files in the documents bucket. */
export interface AccountingExportItem {
  queue: typeof JOB_QUEUE;
  /** Time-ordered like an import's id. */
  exportId: string;
  format: AccountingFormat;
  /** The range, YYYY-MM-DD, inclusive: invoices by the day their order was made, the rest by their own day. */
  from: string;
  to: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  message?: string;
  createdAt: string;
  createdBy?: string;
  createdById: string;
  /** What it included, per kind: new records and records changed since an earlier export. */
  counts?: ExportCounts;
  /** Records in the range left out because an earlier export holds them as they are. */
  unchanged?: number;
  files?: Array<{ name: string; rows: number }>;
  finishedAt?: string;
}

/**
 * Access patterns:
 * - primary: one export (Get) — pk queue `jobs`, sk exportId; the latest: Query the partition's exports, newest
 *   first, one page.
 * - the export job (events/src/queued/accounting-exports.ts) reads one export by id (Get, consistent) per step.
 */
export const accountingExportEntity = defineEntity<AccountingExportItem>()({
  entity: 'accountingExport',
  version: '1',
  primary: { pk: ['queue'], sk: ['exportId'] },
});

/** What the latest export that included a record said of it: [hash, exportId, firstExportId, exportedAt]. */
export type ExportedTuple = [hash: string, exportId: string, firstExportId: string, exportedAt: string];

/**
 * The export states of the records of one kind, month and bucket (a record's id hashed into one of
 * EXPORT_PAGE_BUCKETS): a page of states rather than an item per record, so an export of 30,000 orders reads and
 * writes a few dozen items instead of 30,000 (each page stays far under DynamoDB's 400 KB: a state is ~80 bytes).
 */
export interface ExportedPageItem {
  /** `invoice#2026-03#07`. */
  pageKey: string;
  /** By record id (an order's, a payment's, a return's). */
  records: Record<string, ExportedTuple>;
  /** Optimistic lock: two exports that overlap merge into a page one after the other. */
  version: number;
}

export const EXPORT_PAGE_BUCKETS = 16;

/**
 * Access patterns:
 * - primary: one page (Get: the order page's "changed since export" reads its order's page); the pages of a range
 *   (BatchGet of the kinds × months × buckets: the export job) — pk pageKey.
 */
export const exportedPageEntity = defineEntity<ExportedPageItem>()({
  entity: 'exportedPage',
  version: '1',
  primary: { pk: ['pageKey'], sk: [] },
});
