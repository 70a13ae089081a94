import { expect } from 'vitest';
import type { ImportJob, ImportKind } from '@bo/shared';
import { call } from './stack';

/** The import flow over HTTP, as the browser drives it: new, PUT the file, poll the job. */

export const csv = (rows: ReadonlyArray<ReadonlyArray<string | number>>) =>
  Buffer.from(
    `${rows.map((r) => r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\r\n')}\r\n`,
  );

export async function uploadImport(
  token: string,
  kind: ImportKind,
  bytes: Uint8Array,
  fileName = `${kind}.csv`,
): Promise<string> {
  const started = await call<{ id: string; uploadUrl: string; headers: Record<string, string> }>(
    'POST',
    '/api/db/imports/new',
    { token, body: { kind, fileName, size: bytes.byteLength } },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const put = await fetch(started.body.uploadUrl, {
    method: 'PUT',
    headers: started.body.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return started.body.id;
}

/** Polls the import until `done` holds (the job runs on the table's stream, so its states arrive later). */
export async function waitForImport(
  token: string,
  id: string,
  done: (job: ImportJob) => boolean,
  query = '',
  ms = 60_000,
): Promise<ImportJob> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await call<ImportJob>('GET', `/api/db/imports/getById/${id}${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (done(res.body) || Date.now() > deadline) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const planned = (job: ImportJob) => job.status === 'PLANNED' || job.status === 'FAILED';
export const finished = (job: ImportJob) => job.status === 'DONE' || job.status === 'FAILED';

/** Uploads a file and waits for its dry run. */
export async function dryRun(token: string, kind: ImportKind, bytes: Uint8Array, fileName?: string) {
  const id = await uploadImport(token, kind, bytes, fileName);
  return waitForImport(token, id, planned);
}

/** Commits a planned import and waits until it is written. */
export async function commitImport(token: string, id: string): Promise<ImportJob> {
  const res = await call<ImportJob>('POST', `/api/db/imports/commit/${id}`, { token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitForImport(token, id, finished, '?limit=0', 180_000);
}
