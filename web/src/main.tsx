import '@cloudscape-design/global-styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/hooks';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { preloadRoutes } from './app/lazy-page';
import { appRoutes } from './app/routes';
import { loadRuntimeConfig } from './auth/config';
import { endSessionOnUnauthorized } from './auth/session-end';
import { hasStoredSession } from './auth/stored-session';
import { configureImageOrigins } from './components/safe-links';

/** A reload with a kept session shows its page whole, or by this time (ms into the load) what it has so far. */
const FIRST_SCREEN_BY_MS = 2_000;

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // Amplify loads in parallel with the runtime configuration, both asked for first (a browser opens six
    // connections to an HTTP/1.1 origin); then, for a signed-in visit, the chunks of the page at this address.
    const loading = Promise.all([loadRuntimeConfig(), import('./auth/amplify')]);
    if (hasStoredSession()) {
      void import('./app/route-prefetch');
      void preloadRoutes(appRoutes, window.location.pathname);
    }
    const [config, { createAmplifyAuth }] = await loading;
    const backend = createAmplifyAuth(config);
    const queryClient = createQueryClient();
    configureImageOrigins(config.imageOrigins);
    configureApiClient({
      getIdToken: (options) => backend.getIdToken(options),
      // Still 401 with a fresh token: the session is over; the sign-in page says why.
      onUnauthorized: endSessionOnUnauthorized(backend, queryClient),
    });
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the
    // main thread for the whole tree (Lighthouse's total blocking time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App
            backend={backend}
            queryClient={queryClient}
            router={createBrowserRouter(appRoutes)}
            firstScreenBy={FIRST_SCREEN_BY_MS}
          />
        </StrictMode>,
      ),
    );
  } catch (error) {
    console.error('Boot failed', error);
    root.render(<BootError error={error} />);
  }
}

void boot();
