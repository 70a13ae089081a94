import '@cloudscape-design/global-styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/hooks';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { appRoutes } from './app/routes';
import { loadRuntimeConfig } from './auth/config';
import { endSessionOnUnauthorized } from './auth/session-end';
import { configureImageOrigins } from './components/safe-links';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // Amplify loads in parallel with the runtime configuration.
    const [config, { createAmplifyAuth }] = await Promise.all([loadRuntimeConfig(), import('./auth/amplify')]);
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
          <App backend={backend} queryClient={queryClient} router={createBrowserRouter(appRoutes)} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    console.error('Boot failed', error);
    root.render(<BootError error={error} />);
  }
}

void boot();
