import * as z from '../zod';
import { pathId } from './common';
import {
  IMPORT_KINDS,
  IMPORT_FILE_TYPES,
  IMPORT_STATUSES,
  importFileType,
  importSizeProblem,
  type ImportFileType,
} from '../rules/imports/jobs';

/**
 * The import routes' bodies and answers (issue 24, section 1). An import is made (`new`), its file PUT to the
 * presigned URL, read into a dry run by a job (`dryRun`, or the first `getById` after the file arrived), shown,
 * then committed (`commit`) by the same job in resumable chunks.
 */

const kindSchema = z.enum(IMPORT_KINDS, { error: `Kind must be one of ${IMPORT_KINDS.join(', ')}` });

/** The name is only a label (the file is stored under the import's id), so any name with .xlsx or .csv will do. */
const importFileName = z.string({ error: 'File name is required' }).check(
  z.trim(),
  z.minLength(1, 'File name is required'),
  z.maxLength(200, 'File name is too long'),
  z.superRefine((name, ctx) => {
    const type = importFileType(name);
    if (!type.ok) ctx.addIssue({ code: 'custom', message: type.message });
  }),
);

export const newImportBody = z.pipe(
  z.object({
    kind: kindSchema,
    fileName: importFileName,
    /** Bytes; signed into the PUT as its Content-Length. Without it, the job refuses a file over the limit. */
    size: z.optional(
      z.number({ error: 'Size must be a number of bytes' }).check(
        z.superRefine((size, ctx) => {
          const problem = importSizeProblem(size);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
    ),
  }),
  z.transform((body) => {
    const type = (importFileType(body.fileName) as { type: ImportFileType }).type;
    return { ...body, fileType: type, contentType: IMPORT_FILE_TYPES[type] };
  }),
);
export type NewImportBody = z.infer<typeof newImportBody>;

export const importIdParam = z.object({ id: pathId('Import id') });

const ROW_ACTIONS = ['create', 'update', 'unchanged', 'refuse'] as const;
const INVALID_CURSOR = 'Invalid cursor: send the nextCursor of the page before';

export const importRowsQuery = z.object({
  /** Where a page starts: the `nextCursor` of the page before (a row offset). */
  cursor: z.optional(
    z.coerce
      .number({ error: INVALID_CURSOR })
      .check(z.int(INVALID_CURSOR), z.gte(0, INVALID_CURSOR), z.lte(20_000, INVALID_CURSOR)),
  ),
  /** Rows per page, 1–5,000 (default 1,000); 0 answers the import without its rows. */
  limit: z.optional(
    z.coerce
      .number({ error: 'limit must be a number' })
      .check(
        z.int('limit must be a whole number'),
        z.gte(0, 'limit must be from 0 to 5000'),
        z.lte(5000, 'limit must be from 0 to 5000'),
      ),
  ),
  /** Only rows of one action. */
  action: z.optional(z.enum(ROW_ACTIONS, { error: `action must be one of ${ROW_ACTIONS.join(', ')}` })),
});

const counts = z.object({ create: z.number(), update: z.number(), unchanged: z.number(), refuse: z.number() });

export const importRowSchema = z.object({
  row: z.number(),
  action: z.enum(ROW_ACTIONS),
  label: z.string(),
  id: z.optional(z.string()),
  body: z.optional(z.record(z.string(), z.unknown())),
  changed: z.optional(z.array(z.string())),
  issues: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSchema = z.object({
  id: z.string(),
  kind: kindSchema,
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Why the file could not be read (FAILED). */
  message: z.optional(z.string()),
  createdAt: z.string(),
  createdBy: z.optional(z.string()),
  /** Data rows in the file (empty rows left out). */
  rowCount: z.number(),
  /** The dry run: rows per action. */
  counts,
  /** The commit: rows written of those to write. */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** What the commit wrote, and the rows it could not (each with why). */
  committed: z.optional(z.object({ created: z.number(), updated: z.number(), failed: z.number() })),
  failures: z.optional(z.array(z.object({ row: z.number(), label: z.string(), message: z.string() }))),
  plannedAt: z.optional(z.string()),
  committedAt: z.optional(z.string()),
  committedBy: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  /** A page of the dry run's rows (getById), and where the next starts. */
  rows: z.optional(z.array(importRowSchema)),
  nextCursor: z.optional(z.number()),
});
export type ImportJob = z.infer<typeof importSchema>;

export const newImportResponse = z.object({
  id: z.string(),
  /** PUT the file here, with exactly `headers`. */
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
  import: importSchema,
});
