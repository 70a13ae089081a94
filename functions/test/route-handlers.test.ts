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

  it('imports its own row, so a function bundles only that row and its schemas', () => {
    const notOwnRow = handlerFiles(handlersDir)
      .filter((f) => !/^const route = \w+Route;$/m.test(readFileSync(f, 'utf8')))
      .map((f) => relative(handlersDir, f));
    expect(notOwnRow).toEqual([]);
  });

  it('declares every row pure, so the bundler can drop the rows a function does not import', () => {
    const routesDir = join(import.meta.dirname, '../../shared/src/routes');
    const unmarked = readdirSync(routesDir).flatMap((file) =>
      [...readFileSync(join(routesDir, file), 'utf8').matchAll(/^export const (\w+Route) = (.*)$/gm)]
        .filter((m) => !m[2]!.startsWith('/* @__PURE__ */ route('))
        .map((m) => `${file}: ${m[1]}`),
    );
    expect(unmarked).toEqual([]);
  });
});
