import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, importJob, imports, listBrands, listChangeLog, storage } from '@bo/functions/data';
import { newImportBody, type PlannedRow } from '@bo/shared';
import { useFreshTable } from '../../functions/test/support/env';
import { CHUNK_ROWS, runImport } from '../src/imports/run';

/**
 * The import job against DynamoDB Local and the S3 emulator, its steps called directly (the stream only wakes
 * them): a commit that stopped inside a chunk resumes from it without writing anything twice, and two runs at
 * once write each chunk once.
 */

const purchasing: Actor = { userId: 'pur-1', roles: ['PURCHASING'], isAdmin: false, name: 'Pat Purchasing' };
const FAR = () => Date.now() + 600_000;
const HEADER = 'Brand name,SKU code,Rep name';

beforeAll(async () => {
  await useFreshTable();
});

/** An import of `count` brands named with `tag`, read into its dry run. */
async function plannedImport(tag: string, count: number) {
  const csv = [HEADER, ...Array.from({ length: count }, (_, i) => `Job brand ${tag} ${i + 1},,Rep ${i + 1}`)].join(
    '\n',
  );
  const body = newImportBody.parse({ kind: 'brands', fileName: `${tag}.csv`, size: csv.length });
  const item = await imports.createImport(body, purchasing);
  await storage.writeFile('documents', imports.importFileName(item.importId, 'csv'), Buffer.from(csv), 'text/csv');
  await imports.markReading(item.importId);
  await runImport(item.importId, FAR());
  const planned = (await imports.getImportItem(item.importId, true))!;
  expect(planned).toMatchObject({ status: 'PLANNED', counts: { create: count, refuse: 0 }, total: count });
  return imports.startCommit(planned, purchasing);
}

const brandsTagged = async (tag: string) => (await listBrands()).filter((b) => b.name.includes(` ${tag} `));

describe('the import job', () => {
  it('resumes a commit that stopped inside a chunk, writing every record once', async () => {
    const count = CHUNK_ROWS + 30;
    const committing = await plannedImport('resume', count);
    // A run that began the first chunk and stopped after writing 40 of its rows.
    const plan: PlannedRow[] = await imports.readPlan(committing.importId);
    expect(await imports.beginChunk(committing.importId, 0)).toBe(true);
    await importJob.commitRows('brands', plan.slice(0, 40), { ...purchasing, via: 'Import resume.csv' });

    await runImport(committing.importId, FAR());
    const done = (await imports.getImportItem(committing.importId, true))!;
    expect(done).toMatchObject({ status: 'DONE', done: count, total: count, created: count, updated: 0, failed: 0 });
    expect(done.chunkStarted).toBeUndefined();
    const brands = await brandsTagged('resume');
    expect(brands).toHaveLength(count);
    expect(new Set(brands.map((b) => b.name)).size).toBe(count);

    // Each brand has one create entry, naming the import.
    const log = await listChangeLog('brand', brands[0]!.id, { limit: 10 });
    expect(log.entries.filter((e) => e.action === 'create')).toHaveLength(1);
    expect(log.entries[0]!.notes).toMatch(/^Import resume\.csv/);
  });

  it('writes each chunk once when two runs go at the same time', async () => {
    const count = CHUNK_ROWS * 2 + 5;
    const committing = await plannedImport('twice', count);
    await Promise.all([runImport(committing.importId, FAR()), runImport(committing.importId, FAR())]);
    // The run that lost a chunk stops; the stream's next record (here: another call) finishes what is left.
    await runImport(committing.importId, FAR());
    const done = (await imports.getImportItem(committing.importId, true))!;
    expect(done).toMatchObject({ status: 'DONE', done: count, created: count });
    expect(await brandsTagged('twice')).toHaveLength(count);
  });

  it('does nothing for an import that is not reading or committing', async () => {
    const committing = await plannedImport('idle', 2);
    await runImport(committing.importId, FAR());
    const done = (await imports.getImportItem(committing.importId, true))!;
    await runImport(committing.importId, FAR());
    expect(await imports.getImportItem(committing.importId, true)).toEqual(done);
    expect(await brandsTagged('idle')).toHaveLength(2);
  });
});
