import * as z from '../zod';
import { pathId } from './common';
import { orderedRange, wireDate } from './dates';
import { MAX_RANGE_DAYS } from '../rules/date-ranges';
import { ACCOUNTING_FORMATS } from '../rules/accounting/records';

/** POST /db/accounting/exports/new: a range of days (at most 400) and the accounting system it is for. */
export const newAccountingExportBody = z
  .object({
    format: z.enum(ACCOUNTING_FORMATS, { error: `Format must be one of ${ACCOUNTING_FORMATS.join(', ')}` }),
    from: wireDate('from', 'day', { required: 'from is required' }),
    to: wireDate('to', 'day', { required: 'to is required' }),
  })
  .check(orderedRange('from', 'to', { maxDays: MAX_RANGE_DAYS }));
export type NewAccountingExportBody = z.infer<typeof newAccountingExportBody>;

export const exportIdParam = z.object({ id: pathId('Export id') });
export const exportOrderParam = z.object({ orderId: pathId('Order id') });

const included = z.object({ new: z.number(), changed: z.number() });

export const accountingExportSchema = z.object({
  id: z.string(),
  format: z.enum(ACCOUNTING_FORMATS),
  from: z.string(),
  to: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  message: z.optional(z.string()),
  createdAt: z.string(),
  createdBy: z.optional(z.string()),
  /** Per kind of record: how many new ones it included, and how many changed since an earlier export. */
  counts: z.optional(z.object({ invoice: included, payment: included, creditNote: included, refund: included })),
  /** Records of the range left out: an earlier export holds them as they are. */
  unchanged: z.optional(z.number()),
  /** Its files; `url` (a 60-second download link) on getById. */
  files: z.array(z.object({ name: z.string(), rows: z.number(), url: z.optional(z.string()) })),
  finishedAt: z.optional(z.string()),
});
export type AccountingExport = z.infer<typeof accountingExportSchema>;

export const orderExportStatusSchema = z.object({
  exported: z.boolean(),
  exportId: z.optional(z.string()),
  exportedAt: z.optional(z.string()),
  /** The order's invoice differs from what the export that included it said. */
  changedSinceExport: z.boolean(),
});
export type OrderExportStatus = z.infer<typeof orderExportStatusSchema>;
