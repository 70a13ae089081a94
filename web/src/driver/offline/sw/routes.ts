/**
 * What the driver's service worker does with each request (pure, so it is unit-tested; `worker.ts` runs it).
 *
 * - `shell`: a page of the driver's app (a navigation under /driver): network first, so an update shows at
 *   once; the stored shell when there is no network or it is too slow.
 * - `precached`: a file of the app shell (driver.html's scripts and styles, the manifest and icons): from the
 *   cache, else the network (and kept when it is a hashed build file).
 * - `config`: /config.json (the sign-in settings the app boots with): network first, the stored copy offline.
 * - `pass`: not the worker's business: other origins, writes, and every `/api/` answer (the app keeps the
 *   driver's day itself, per user, in IndexedDB; a cached API answer could show one driver another's day).
 */
export type SwRoute = 'shell' | 'precached' | 'config' | 'pass';

export const DRIVER_SCOPE = '/driver';
/** The cache key the app shell's page is kept under, whatever /driver path asked for it. */
export const SHELL_URL = '/driver.html';
export const CONFIG_URL = '/config.json';
export const CACHE_PREFIX = 'driver-shell-';

export function swRoute(
  request: { url: string; method: string; mode: string },
  origin: string,
  precached: ReadonlySet<string>,
): SwRoute {
  if (request.method !== 'GET') return 'pass';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return 'pass';
  if (request.mode === 'navigate')
    return path === DRIVER_SCOPE || path.startsWith(`${DRIVER_SCOPE}/`) || path === SHELL_URL ? 'shell' : 'pass';
  if (path === CONFIG_URL) return 'config';
  if (precached.has(path) || path.startsWith('/assets/')) return 'precached';
  return 'pass';
}

/** The build's files worth keeping when met at run time: hashed, so a name never changes content. */
export const isHashedAsset = (path: string): boolean => path.startsWith('/assets/');
