import '@cloudscape-design/global-styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/hooks';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { appRoutes } from './app/routes';
import { loadRuntimeConfig } from './auth/config';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  try {
    // Amplify loads in parallel with the runtime configuration.
    const [config, { createAmplifyAuth }] = await Promise.all([loadRuntimeConfig(), import('./auth/amplify')]);
    const backend = createAmplifyAuth(config);
    configureApiClient({
      getIdToken: (options) => backend.getIdToken(options),
      // Still 401 with a fresh token: the session is over; signing out returns to the sign-in page.
      onUnauthorized: () => void backend.signOut().catch(() => undefined),
    });
    root.render(
      <StrictMode>
        <App backend={backend} queryClient={createQueryClient()} router={createBrowserRouter(appRoutes)} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Boot failed', error);
    root.render(<BootError error={error} />);
  }
}

void boot();
