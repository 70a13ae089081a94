import { createHash } from 'node:crypto';
import { type AccountingKind, accountingKey, type ExportedState } from '@bo/shared';
import { batchGet, eq, get, isConditionFailed, put, sleep } from '../core';
import { mapLimit } from '../map-limit';
import { EXPORT_PAGE_BUCKETS, type ExportedPageItem, exportedPageEntity, type ExportedTuple } from './entity';

/**
 * What earlier exports said of each record, kept in pages (entity.ts): read for a range with a couple of
 * BatchGets, merged back page by page with an optimistic lock, so two overlapping exports never lose each other's
 * states. A record is placed by its kind, the month of its day and a hash of its id.
 */

export interface RecordRef {
  kind: AccountingKind;
  id: string;
  /** YYYY-MM-DD: the record's day (an invoice's order day, a payment's day, a return's day). */
  date: string;
}

export type StoredState = ExportedState & { firstExportId: string; exportedAt: string };

const bucketOf = (id: string) => createHash('sha1').update(id).digest().readUInt16BE(0) % EXPORT_PAGE_BUCKETS;
export const pageKeyOf = (ref: RecordRef): string =>
  `${ref.kind}#${ref.date.slice(0, 7)}#${String(bucketOf(ref.id)).padStart(2, '0')}`;

const stateOf = ([hash, exportId, firstExportId, exportedAt]: ExportedTuple): StoredState => ({
  hash,
  exportId,
  firstExportId,
  exportedAt,
});

/** The states of these records, by `accountingKey` (records no export included are absent). */
export async function readExportedStates(refs: readonly RecordRef[]): Promise<Map<string, StoredState>> {
  const keys = [...new Set(refs.map(pageKeyOf))];
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100));
  const pages = (
    await mapLimit(chunks, 4, (chunk) =>
      batchGet(
        exportedPageEntity,
        chunk.map((pageKey) => ({ pageKey })),
      ),
    )
  ).flat();
  const byKey = new Map(pages.map((p) => [p.pageKey, p]));
  const out = new Map<string, StoredState>();
  for (const ref of refs) {
    const tuple = byKey.get(pageKeyOf(ref))?.records[ref.id];
    if (tuple) out.set(accountingKey(ref), stateOf(tuple));
  }
  return out;
}

/** One record's state (one Get): the order page's question. */
export async function readExportedState(ref: RecordRef): Promise<StoredState | undefined> {
  const page = await get(exportedPageEntity, { pageKey: pageKeyOf(ref) });
  const tuple = page?.records[ref.id];
  return tuple ? stateOf(tuple) : undefined;
}

const MERGE_ATTEMPTS = 10;

/** Merges states into their pages: each page read, merged and put back only if nobody wrote it meanwhile. */
export async function writeExportedStates(
  entries: ReadonlyArray<{ ref: RecordRef; state: StoredState }>,
): Promise<void> {
  const byPage = new Map<string, Array<{ ref: RecordRef; state: StoredState }>>();
  for (const e of entries) {
    const key = pageKeyOf(e.ref);
    byPage.set(key, [...(byPage.get(key) ?? []), e]);
  }
  await mapLimit([...byPage], 8, async ([pageKey, items]) => {
    for (let attempt = 1; ; attempt++) {
      const page = await get(exportedPageEntity, { pageKey }, { consistent: true });
      const records = { ...page?.records };
      for (const { ref, state } of items)
        records[ref.id] = [state.hash, state.exportId, state.firstExportId, state.exportedAt];
      const next: ExportedPageItem = { pageKey, records, version: (page?.version ?? 0) + 1 };
      try {
        await put(exportedPageEntity, next, page ? { condition: eq('version', page.version) } : { ifAbsent: true });
        return;
      } catch (error) {
        if (!isConditionFailed(error) || attempt >= MERGE_ATTEMPTS) throw error;
        await sleep(20 * attempt);
      }
    }
  });
}
