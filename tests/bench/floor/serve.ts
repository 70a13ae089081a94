import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compression from 'compression';
import express from 'express';
import { build } from 'vite';
import { fromRoot } from '../../../infra/local/src/paths';

/**
 * Builds the floor page (`main.tsx`) with the app's own Vite configuration and serves it as the local stack
 * serves the app (compressed, as CloudFront sends it), on a free port.
 */
export async function serveFloor(): Promise<{ url: string; close: () => Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'bo-floor-'));
  await build({
    root: fromRoot('tests/bench/floor'),
    configFile: fromRoot('web/vite.config.ts'),
    // Its one page (the app's configuration names the app's two).
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: { input: fromRoot('tests/bench/floor/index.html') },
    },
    logLevel: 'warn',
  });
  const app = express();
  app.use(compression());
  app.use(express.static(outDir, { index: 'index.html', maxAge: '1h' }));
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
