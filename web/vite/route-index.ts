import type { Plugin } from 'vite';

/**
 * `virtual:route-index`: each route's method, path and roles, read from the route table (shared) when the web
 * is built or served. The browser needs only those to call a route and to show what a role may do; the table
 * itself carries every route's schemas, about 17 KB gzip of script that the sign-in page would load for nothing.
 * Pages that validate a form import that form's schema on their own.
 */
const ID = 'virtual:route-index';
const RESOLVED = `\0${ID}`;

async function loadIndex(): Promise<string> {
  const { tsImport } = await import('tsx/esm/api');
  const shared = (await tsImport('@bo/shared', import.meta.url)) as {
    routes: Record<string, { method: string; path: string; roles: unknown }>;
  };
  const index = Object.fromEntries(
    Object.entries(shared.routes).map(([id, r]) => [id, { method: r.method, path: r.path, roles: r.roles }]),
  );
  return `export const routeIndex = ${JSON.stringify(index)};\n`;
}

export function routeIndex(): Plugin {
  let code: Promise<string> | undefined;
  return {
    name: 'route-index',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      code ??= loadIndex();
      return code;
    },
    // The dev server reads the table again when a route file changes.
    handleHotUpdate({ file, server }) {
      if (!/[\\/]shared[\\/]src[\\/]routes[\\/]/.test(file)) return;
      code = undefined;
      const mod = server.moduleGraph.getModuleById(RESOLVED);
      if (mod) server.moduleGraph.invalidateModule(mod);
    },
  };
}
