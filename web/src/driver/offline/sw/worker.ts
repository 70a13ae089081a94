/**
 * The driver app's service worker (issue 26, "Without signal"), built to /driver-sw.js by `driverServiceWorker()`
 * (precache-plugin.ts), which writes this build's app shell in place of `__DRIVER_PRECACHE__`: driver.html and
 * every script, style and file it loads, eagerly or lazily, and the manifest and icons. A new build is a new
 * worker (its list names new hashed files), so the browser installs it; it takes over, and drops the previous
 * build's cache, when the app is next started.
 *
 * Registered with scope /driver: it controls the driver's pages only, never the back office. It never caches
 * an /api/ answer (routes.ts).
 */
import { CACHE_PREFIX, CONFIG_URL, SHELL_URL, isHashedAsset, swRoute } from './routes';

interface Precache {
  version: string;
  urls: string[];
}
declare const __DRIVER_PRECACHE__: Precache;

interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

const worker = self as unknown as WorkerScope;
const PRECACHE = __DRIVER_PRECACHE__;
const CACHE = `${CACHE_PREFIX}${PRECACHE.version}`;
const PRECACHED = new Set(PRECACHE.urls);
/** A navigation waits this long for the network before the stored shell is shown (a phone with weak signal). */
const SHELL_NETWORK_MS = 3_000;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all([
        // `reload`: past the browser's HTTP cache, so the shell stored is the one on the server now.
        cache.addAll(PRECACHE.urls.map((url) => new Request(url, { cache: 'reload' }))),
        // The sign-in settings the app boots with: asked before this worker controlled the page, so kept now;
        // refreshed on every load with a network. Not a file of the build (the site makes it), so not required.
        cache.add(new Request(CONFIG_URL, { cache: 'reload' })).catch(() => undefined),
      ]),
    ),
  );
  // No skipWaiting: a page open on the previous build may still load one of its lazy files from the previous
  // cache; the new worker takes over once the driver's app is closed (the first one at once).
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const route = swRoute(event.request, worker.location.origin, PRECACHED);
  if (route === 'shell') event.respondWith(shell(event));
  else if (route === 'config') event.respondWith(networkFirst(event.request, CONFIG_URL));
  else if (route === 'precached') event.respondWith(cacheFirst(event.request));
});

const keepable = (response: Response) => response.ok && response.type === 'basic' && !response.redirected;

async function shell(event: FetchEventLike): Promise<Response> {
  const cache = await caches.open(CACHE);
  const network = fetch(event.request).then(async (response) => {
    if (keepable(response)) await cache.put(SHELL_URL, response.clone());
    return response;
  });
  // The page keeps its update going after the stored shell was shown.
  event.waitUntil(network.catch(() => undefined));
  const stored = () => cache.match(SHELL_URL);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SHELL_NETWORK_MS);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first && (first.ok || !(await stored()))) return first;
    return (await stored()) ?? (await network);
  } catch (error) {
    const kept = await stored();
    if (kept) return kept;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (keepable(response)) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const path = new URL(request.url).pathname;
  const kept = (await cache.match(path)) ?? (await caches.match(request));
  if (kept) return kept;
  const response = await fetch(request);
  if (isHashedAsset(path) && keepable(response)) await cache.put(path, response.clone());
  return response;
}
