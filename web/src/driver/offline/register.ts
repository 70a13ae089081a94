/**
 * Where the worker is served: the site's root, which allows the /driver scope without a Service-Worker-Allowed
 * header (web/vite/driver-service-worker.ts writes it there). Not imported from sw/: a module both the worker
 * and the app import would become a chunk they share, and the worker must load none.
 */
const SW_URL = '/driver-sw.js';

/**
 * Registers the driver app's service worker (built only by `vite build`: the dev server has none) with scope
 * /driver, and asks the browser to keep this site's storage (the queue of actions not yet sent) when space runs
 * low. Called once by the driver app's entry.
 */
export function registerDriverServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SW_URL, { scope: '/driver' })
      .catch((error: unknown) => console.warn('The driver app could not install its offline worker', error));
    void navigator.storage?.persist?.().catch(() => undefined);
  };
  // After the page's own loading, so the worker's precache does not compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
