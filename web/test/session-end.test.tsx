import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../src/api/client';
import { App } from '../src/app/App';
import { appRoutes } from '../src/app/routes';
import type { AuthBackend } from '../src/auth/amplify';
import type { Session } from '../src/auth/session';
import { endSessionOnUnauthorized, SESSION_ENDED } from '../src/auth/session-end';
import { fakeApi, fakeBackend, makeSession, preloadLazyModules, testQueryClient } from './helpers';

beforeAll(preloadLazyModules);
afterEach(() => vi.unstubAllGlobals());

const DISABLED = 'Your account is disabled; ask an admin to enable it';

/** A backend signed in as `session` until signed out, telling the app when that happens (as Amplify's Hub does). */
function backendSignedIn(session: Session): AuthBackend {
  let current: Session | null = session;
  const listeners = new Set<() => void>();
  return {
    ...fakeBackend(session),
    currentSession: vi.fn(async () => current),
    getIdToken: vi.fn(async () => current?.idToken),
    signIn: vi.fn(async () => {
      current = session;
      listeners.forEach((listener) => listener());
      return { step: 'DONE' as const };
    }),
    signOut: vi.fn(async () => {
      current = null;
      listeners.forEach((listener) => listener());
    }),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app, signed in, wired as main.tsx wires it; the profile read answers `refusal` with 401. */
function renderRefused(refusal: { message: string; code?: string }) {
  const session = makeSession();
  const backend = backendSignedIn(session);
  const queryClient = testQueryClient();
  configureApiClient({
    getIdToken: (options) => backend.getIdToken(options),
    onUnauthorized: endSessionOnUnauthorized(backend, queryClient),
  });
  const api = fakeApi().on('GET', `/api/db/users/getById/${session.userId}`, { status: 401, body: refusal });
  render(<App backend={backend} queryClient={queryClient} router={createMemoryRouter(appRoutes)} />);
  return { backend, api, queryClient };
}

describe('a session the API refuses', () => {
  it('signs out and shows the server’s reason on the sign-in page, until the next sign-in', async () => {
    const user = userEvent.setup();
    const { backend, api, queryClient } = renderRefused({ message: DISABLED, code: 'UnauthorizedError' });

    // The first render of the app shell takes a while under jsdom.
    expect(await screen.findByText(DISABLED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('You have been signed out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalledOnce();
    // The refused token was refreshed once before giving up.
    expect(backend.getIdToken).toHaveBeenCalledWith({ forceRefresh: true });
    // The previous user's answers are dropped (a screen still drawn may ask once more, and be refused, before
    // the sign-in page replaces it: that refusal holds no data and ends no session a second time).
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.data !== undefined),
      ).toEqual([]),
    );

    api.on('GET', '/api/db/users/getById/u-self', { body: { id: 'u-self', name: 'Morgan Self', role: ['SALES'] } });
    await user.type(screen.getByLabelText('Email'), 'me@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret!234{Enter}');
    expect(await screen.findByText('Welcome, Morgan Self', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(DISABLED)).not.toBeInTheDocument();
  });

  it('says the session ended when the refusal carries no reason of ours (the gateway’s “Unauthorized”)', async () => {
    renderRefused({ message: 'Unauthorized' });
    expect(await screen.findByText(SESSION_ENDED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
