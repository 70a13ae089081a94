import {
  ENTITY_ATTRIBUTE,
  INDEX_KEY_ATTRIBUTES,
  VERSION_ATTRIBUTE,
  type AnyEntity,
  type RawItem,
  and,
  eq,
  exists,
  getRaw,
  isConditionFailed,
  notExists,
  updateRaw,
} from '../core';
import { scanPages } from '../core/scan';
import { ENTITIES } from '../entities';

/** The marker of a completed pass (a raw item, like the stock ledger's: no entity's key looks like it). */
const DONE = { pk: 'migrations', sk: 'repairIndexKeys' };

/**
 * One-off migration for tables written before issue 21: the core's `fromItem` kept the gsi4/gsi5 keys in
 * the records it read, so a record read, changed and put back wrote its old gsi4/gsi5 keys again (a
 * cancelled, fully paid order stayed in the sparse `owing` and `commission` indexes). Every entity item's
 * index keys become exactly those its record implies: stale ones removed, missing or wrong ones set. Only
 * index keys change (never `pk`/`sk`, never an attribute of the record), each item only if its keys are
 * still those read. A Scan is allowed here (one-off, at start-up of kept data). Idempotent: a second pass
 * finds nothing to do. The code no longer leaks, so one pass is enough: a marker item records it and later
 * starts skip the Scan (demo data, 1,650 items: about 2 s on a busy machine; a benchmark catalogue, ten
 * times that); `again` runs it anyway. Returns how many items were fixed.
 */
export async function repairIndexKeys({ again = false }: { again?: boolean } = {}): Promise<number> {
  if (!again && (await getRaw(DONE, { consistent: true }))) return 0;
  const entities = new Map(ENTITIES.map((e) => [`${e.name}#${e.version}`, e]));
  let fixed = 0;
  for await (const page of scanPages(exists(ENTITY_ATTRIBUTE)))
    for (const item of page) {
      const entity = entities.get(`${String(item[ENTITY_ATTRIBUTE])}#${String(item[VERSION_ATTRIBUTE])}`);
      if (entity && (await repair(entity, item))) fixed++;
    }
  await updateRaw(DONE, { set: { at: new Date().toISOString() }, add: { fixed } });
  return fixed;
}

async function repair(entity: AnyEntity, item: RawItem): Promise<boolean> {
  const wanted = entity.toItem(entity.fromItem(item));
  const changed = INDEX_KEY_ATTRIBUTES.filter((name) => wanted[name] !== item[name]);
  if (changed.length === 0) return false;
  const set = Object.fromEntries(changed.filter((n) => wanted[n] !== undefined).map((n) => [n, wanted[n]]));
  const remove = changed.filter((n) => wanted[n] === undefined);
  const asRead = changed.map((n) => (item[n] === undefined ? notExists(n) : eq(n, item[n])));
  try {
    await updateRaw({ pk: item.pk, sk: item.sk }, { set, remove }, { condition: and(exists('pk'), ...asRead) });
    return true;
  } catch (error) {
    // Written meanwhile (so its keys were computed afresh) or deleted: nothing left to repair.
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
