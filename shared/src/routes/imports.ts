import * as z from '../zod';
import { importIdParam, importRowsQuery, importSchema, newImportBody, newImportResponse } from '../schemas/imports';
import { none } from '../schemas/common';
import { IMPORTERS } from '../rules/imports/jobs';
import { route } from './route';

/** Reads the import's files (HEAD of the upload, its plan); the job writes them, `new` only signs the upload. */
const READS_FILES = {
  buckets: ['documents'] as const,
  bucketAccess: 'read' as const,
  table: 'readWrite' as const,
  jobs: ['imports'] as const,
};

export const importsNewRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/imports/new',
  handler: 'imports/new',
  roles: IMPORTERS,
  summary:
    'Starts an import (issue 24): body { kind brands|productTypes|products|customers|customPrices, fileName (.xlsx or .csv), size? (bytes, at most 10 MB) }. Answers { id, uploadUrl, headers, import }: PUT the file to uploadUrl with exactly those headers; the dry run is made once it arrives. ADMIN imports every kind, PURCHASING the catalogue, SALES customers and their prices (403 otherwise).',
  grants: { buckets: ['documents'], table: 'readWrite' },
  body: newImportBody,
  response: newImportResponse,
});

export const importsDryRunRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/imports/dryRun/{id}',
  handler: 'imports/dryRun',
  roles: IMPORTERS,
  summary:
    'Says the file is uploaded: the job reads it into a dry run (status READING, then PLANNED or FAILED with a message). 409 while the file has not arrived; an import past that answers as it is. `getById` does the same on its own once the file is there.',
  grants: READS_FILES,
  params: importIdParam,
  body: none,
  response: importSchema,
});

export const importsGetByIdRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/imports/getById/{id}',
  handler: 'imports/getById',
  roles: IMPORTERS,
  summary:
    'One import: status, counts per action, commit progress { done, total } and failures, and a page of its dry-run rows (?cursor=&limit= 0-5000, default 1000; ?action=create|update|unchanged|refuse), each with its row number, action, label, the body it writes and why it is refused; nextCursor while more rows follow.',
  grants: READS_FILES,
  params: importIdParam,
  query: importRowsQuery,
  response: importSchema,
});

export const importsGetAllRoute = /* @__PURE__ */ route({
  method: 'GET',
  path: '/api/db/imports/getAll',
  handler: 'imports/getAll',
  roles: IMPORTERS,
  summary: 'The latest 50 imports of the kinds the caller may import, newest first (without rows).',
  grants: { table: 'read' },
  response: z.array(importSchema),
});

export const importsCommitRoute = /* @__PURE__ */ route({
  method: 'POST',
  path: '/api/db/imports/commit/{id}',
  handler: 'imports/commit',
  roles: IMPORTERS,
  summary:
    'Writes what the dry run showed (its create and update rows), as a job in resumable chunks: status COMMITTING with progress, then DONE. Every record written gets its change-log entry naming the import. 409 unless the dry run is shown (PLANNED); committing again answers the import as it is.',
  grants: { table: 'readWrite', jobs: ['imports'] },
  params: importIdParam,
  body: none,
  response: importSchema,
});

/** Imports of the catalogue, customers and custom prices (issue 24, section 1). */
export const importRoutes = {
  'imports.new': importsNewRoute,
  'imports.dryRun': importsDryRunRoute,
  'imports.getById': importsGetByIdRoute,
  'imports.getAll': importsGetAllRoute,
  'imports.commit': importsCommitRoute,
};
