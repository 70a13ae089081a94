import type { Plugin } from 'vite';

/**
 * Builds the driver app's service worker (src/driver/offline/sw/worker.ts) to `/driver-sw.js` with this build's precache list written
 * in: driver.html, every chunk its entry loads (static and dynamic imports, followed to the end), their CSS and
 * the files they import, and the public files the app shell needs offline (manifest, icons). The list comes from
 * the bundle itself, so it is always the hashed names of this build; its version is a hash of the list, so a
 * build that changes any file makes a new worker the browser installs.
 *
 * The worker is emitted as a chunk of its own at a fixed name (no hash: the page registers it by name; it is
 * served without long caching, CloudFront's `no-cache` for non-hashed files). It imports nothing of the app's
 * chunks, so it runs as a classic script.
 */

export const SW_FILE = 'driver-sw.js';
const PLACEHOLDER = '__DRIVER_PRECACHE__';

export interface DriverServiceWorkerOptions {
  /** The HTML entry whose app shell is precached. */
  html: string;
  /** The worker's source file. */
  worker: string;
  /** Public files (site paths) the shell needs offline. */
  publicFiles: readonly string[];
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
  code: string;
}
interface AssetLike {
  type: 'asset';
  fileName: string;
}
type OutputLike = ChunkLike | AssetLike;

/** The files `entry` loads, transitively, as site paths (sorted). */
export function shellFiles(bundle: Record<string, OutputLike>, entry: ChunkLike): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const out = bundle[fileName];
    if (!out) return;
    files.add(fileName);
    if (out.type !== 'chunk') return;
    out.viteMetadata?.importedCss.forEach((f) => files.add(f));
    out.viteMetadata?.importedAssets.forEach((f) => files.add(f));
    out.imports.forEach(visit);
    out.dynamicImports.forEach(visit);
  };
  visit(entry.fileName);
  return [...files].map((f) => `/${f}`).sort();
}

/** A short stable hash of a string (FNV-1a, 32 bits) for the cache's version. */
export function versionOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export function driverServiceWorker(options: DriverServiceWorkerOptions): Plugin {
  let active = false;
  return {
    name: 'driver-service-worker',
    apply: 'build',
    enforce: 'post',
    // Only in builds of the driver's page (another build of the same configuration, the bench's floor page, has none).
    buildStart(input) {
      const given = input.input;
      const pages = typeof given === 'string' ? [given] : Array.isArray(given) ? given : Object.values(given ?? {});
      active = pages.includes(options.html);
      if (active) this.emitFile({ type: 'chunk', id: options.worker, fileName: SW_FILE });
    },
    generateBundle(_output, bundle) {
      if (!active) return;
      const outputs = bundle as unknown as Record<string, OutputLike>;
      const chunks = Object.values(outputs).filter((o): o is ChunkLike => o.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === options.html);
      const sw = outputs[SW_FILE];
      if (!entry) return this.error(`driver-service-worker: no entry chunk for ${options.html}`);
      if (!sw || sw.type !== 'chunk') return this.error(`driver-service-worker: ${SW_FILE} was not built`);
      if (sw.imports.length > 0 || sw.dynamicImports.length > 0)
        return this.error(`driver-service-worker: ${SW_FILE} must import no other chunk (${sw.imports.join(', ')})`);
      const htmlFile = options.html.slice(options.html.lastIndexOf('/') + 1);
      const urls = [`/${htmlFile}`, ...shellFiles(outputs, entry), ...options.publicFiles];
      const precache = { version: versionOf(urls.join('\n')), urls };
      if (!sw.code.includes(PLACEHOLDER)) return this.error(`driver-service-worker: no ${PLACEHOLDER} in ${SW_FILE}`);
      sw.code = sw.code.replaceAll(PLACEHOLDER, JSON.stringify(precache));
    },
  };
}
