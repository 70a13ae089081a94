import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '../api/client';
import { loadRuntimeConfig } from '../auth/config';
import { DriverApp } from './DriverApp';
import { registerDriverServiceWorker } from './offline';
import './driver.css';

/**
 * The driver's phone app (driver.html, served for `/driver/*`): its own entry, without Cloudscape or the back
 * office's router, so the script before the stop list stays under issue 26's 200 KB (gzip).
 */
async function boot() {
  const root = createRoot(document.getElementById('root')!);
  registerDriverServiceWorker();
  try {
    const [config, { createAmplifyAuth }] = await Promise.all([loadRuntimeConfig(), import('../auth/amplify')]);
    const backend = createAmplifyAuth(config);
    configureApiClient({
      getIdToken: (options) => backend.getIdToken(options),
      // Still 401 with a fresh token: the session is over (disabled, signed out elsewhere); sign in again.
      onUnauthorized: () => void backend.signOut().catch(() => undefined),
    });
    root.render(
      <StrictMode>
        <DriverApp backend={backend} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Boot failed', error);
    root.render(
      <main className="drv-signin">
        <h1 className="drv-signin__title">The driver app could not start</h1>
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" className="drv-button drv-button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>,
    );
  }
}

void boot();
