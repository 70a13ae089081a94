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
 * - the `jobs` stream consumer runs an export when it is created (RUNNING).
 */
export const accountingExportEntity = defineEntity<AccountingExportItem>()({
  entity: 'accountingExport',
  version: '1',
  primary: { pk: ['queue'], sk: ['exportId'] },
});

/** What the latest export that included a record said of it: its content hash, and which export that was. */
export interface ExportedRecordItem {
  /** `invoice#<orderId>`, `payment#<paymentId>`, `creditNote#<returnId>`, `refund#<returnId>`. */
  recordKey: string;
  hash: string;
  exportId: string;
  exportedAt: string;
  /** The export that first included it (a later one including it again marks it changed). */
  firstExportId: string;
}

/**
 * Access patterns:
 * - primary: one record's export state (Get: the order page's "changed since export"); many at once (BatchGet: the
 *   export job classifies every record of its range) — pk recordKey.
 */
export const exportedRecordEntity = defineEntity<ExportedRecordItem>()({
  entity: 'exportedRecord',
  version: '1',
  primary: { pk: ['recordKey'], sk: [] },
});
