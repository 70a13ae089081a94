import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_ATTRIBUTE,
  Entity,
  INDEX_KEY_ATTRIBUTES,
  type IndexDef,
  VERSION_ATTRIBUTE,
  get,
  getRaw,
  put,
  query,
  readCollection,
} from '../../src/data/core';
import { ENTITIES } from '../../src/data/entities';
import { useFreshTable } from '../support/env';
import { SAMPLES, type Sample } from './entity-samples';

/**
 * Every entity of the data layer written through the core and read back, on DynamoDB Local: by its key,
 * by every index it declares, and with its collection. What is read is exactly the record written: no
 * key or marker leaks into it, and the stored item holds the record, its keys and markers and nothing else.
 */

const DATA = join(__dirname, '../../src/data');
const sourceFiles = (readdirSync(DATA, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.startsWith('core'))
  .map((f) => join(DATA, f));

/** Every Entity a module of the data layer exports (modules that declare one: `defineEntity`, `namedEntity`). */
async function declaredEntities(): Promise<Map<Entity<object>, string>> {
  const found = new Map<Entity<object>, string>();
  for (const file of sourceFiles.filter((f) => /defineEntity/.test(readFileSync(f, 'utf8')))) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (value instanceof Entity) found.set(value, `${relative(DATA, file)}: ${name}`);
  }
  return found;
}

const pick = (record: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, record[n]]));

beforeAll(async () => {
  await useFreshTable();
  await Promise.all(SAMPLES.map(({ entity, record }) => put(entity, record)));
});

describe('the entity list', () => {
  it('holds every entity the data layer declares, each once, and each has a sample', async () => {
    const declared = await declaredEntities();
    expect(declared.size).toBeGreaterThanOrEqual(30);
    expect([...declared.keys()].filter((e) => !ENTITIES.includes(e)).map((e) => declared.get(e))).toEqual([]);
    expect(new Set(ENTITIES).size).toBe(ENTITIES.length);
    expect(ENTITIES.filter((e) => !declared.has(e)).map((e) => e.name)).toEqual([]);
    expect(SAMPLES.map((s) => s.entity.name).sort()).toEqual(ENTITIES.map((e) => e.name).sort());
  });
});

describe.each(SAMPLES.map((s) => [s.entity.name, s] as const))('%s', (_name, { entity, record }: Sample) => {
  const key = pick(record, [...entity.primary.pk, ...entity.primary.sk]);
  const indexes = Object.entries(entity.indexes as Record<string, IndexDef<Record<string, unknown>>>);
  /** The indexes that hold the record: all but the sparse ones whose condition it does not meet. */
  const holding = indexes.filter(([, def]) => !def.when || def.when(record));

  it('reads back by key exactly as written', async () => {
    expect(await get(entity, key)).toEqual(record);
    expect(await get(entity, key, { consistent: true })).toEqual(record);
  });

  it('is stored as the record, its keys and its markers, nothing else', async () => {
    const item = (await getRaw(entity.key(key)))!;
    expect(item).toEqual(entity.toItem(record as never));
    const extra = Object.keys(item).filter((n) => !(n in record));
    const indexKeys = holding.flatMap(([, def]) => [`${def.index}pk`, `${def.index}sk`]);
    expect(extra.sort()).toEqual(['pk', 'sk', ENTITY_ATTRIBUTE, VERSION_ATTRIBUTE, ...indexKeys].sort());
    expect(indexKeys.every((n) => INDEX_KEY_ATTRIBUTES.includes(n))).toBe(true);
  });

  it('is found in its own partition and in each of its indexes', async () => {
    const own = await query(entity, 'primary', pick(record, entity.primary.pk));
    expect(own.items).toContainEqual(record);
    for (const [name, def] of indexes) {
      const { items } = await query(entity, name, pick(record, def.pk));
      if (!holding.some(([held]) => held === name)) {
        expect(items, `sparse index ${name}`).not.toContainEqual(record);
        continue;
      }
      expect(items, `index ${name}`).toContainEqual(record);
      // From the start of its sort key, too (a `begins` on the first composite).
      const first = def.sk[0];
      if (first) {
        const sorted = await query(entity, name, pick(record, def.pk), { sort: { begins: pick(record, [first]) } });
        expect(sorted.items, `index ${name} from ${first}`).toContainEqual(record);
      }
    }
  });

  // Only entities of a collection (sharing a partition with other kinds) have this access pattern.
  if (entity.primary.collection)
    it('is read with its collection', async () => {
      const members = Object.fromEntries(
        SAMPLES.filter((s) => s.entity.primary.collection === entity.primary.collection).map((s) => [
          s.entity.name,
          s.entity,
        ]),
      );
      const whole = await readCollection(members, pick(record, entity.primary.pk));
      expect(whole[entity.name]).toContainEqual(record);
    });
});
