import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { routeList } from '@bo/shared';
import { describe, expect, it } from 'vitest';

const handlersDir = join(import.meta.dirname, '../src/handlers');
const handlerFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? handlerFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe('route table ↔ handlers', () => {
  const modules = handlerFiles(handlersDir).map((f) => relative(handlersDir, f).replace(/\.ts$/, ''));

  it('every row has a handler module exporting `handler`', async () => {
    for (const row of routeList()) {
      expect(modules, `${row.id} → ${row.handler}`).toContain(row.handler);
      const module = (await import(join(handlersDir, `${row.handler}.ts`))) as { handler?: unknown };
      expect(typeof module.handler, row.handler).toBe('function');
    }
  });

  it('every handler module has a row', () => {
    const used = new Set(routeList().map((r) => r.handler));
    expect(modules.filter((m) => !used.has(m))).toEqual([]);
  });

  it("takes each row from its area's object, so a function bundles only its area's rows and schemas", () => {
    const usesWholeTable = handlerFiles(handlersDir)
      .filter((f) => /\broutes\s*[[.]/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(handlersDir, f));
    expect(usesWholeTable).toEqual([]);
  });
});
