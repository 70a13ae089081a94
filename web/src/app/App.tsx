import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { AuthBackend } from '../auth/amplify';
import { AuthProvider, useAuth } from '../auth/session';
import type { Session } from '../auth/session-types';
import { beginFirstScreen, endFirstScreen, useLayOutFirstScreen } from '../components/first-screen';
import { PageLoading } from '../components/PageLoading';
import { NotificationsProvider } from '../notifications/notifications';
import { preloadRoutes } from './lazy-page';

const SignInPage = lazy(() => import('../auth/SignInPage'));

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** A spinner at start-up only if the wait lasts longer than this (ms): a quick one flashes nothing. */
const SESSION_SPINNER_DELAY_MS = 1_000;

interface AppProps {
  backend: AuthBackend;
  queryClient: QueryClient;
  router: AppRouter;
  /**
   * On opening the app with a kept session: the screen stays blank until the frame's and page's chunks and the
   * page's first data are all here, then draws whole in one go, but no later than this (ms since the page
   * began loading; then it draws what it has, with its loading states). Unset: no hold (the tests' default).
   */
  firstScreenBy?: number;
}

/** Signed out: only the sign-in page. Signed in: the routed app. */
function AuthGate({ router, holding }: { router: AppRouter; holding: boolean }) {
  const { status } = useAuth();
  useLayOutFirstScreen(!holding);
  if (status === 'loading') return <PageLoading label="Checking your session" delayMs={SESSION_SPINNER_DELAY_MS} />;
  // The same spinner, past the same delay, while a reload's page and data arrive (`firstScreenBy`).
  if (status === 'signedIn' && holding) return <PageLoading delayMs={SESSION_SPINNER_DELAY_MS} />;
  if (status !== 'signedIn')
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInPage />
      </Suspense>
    );
  return (
    <Suspense fallback={<PageLoading />}>
      <RouterProvider router={router} />
    </Suspense>
  );
}

/** The page's chunks and first data (route-prefetch.ts, its own chunk) for a session just restored. */
function loadFirstScreen(router: AppRouter, queryClient: QueryClient, session: Session): Promise<void> {
  const data = import('./route-prefetch')
    .then(({ prefetchRoute }) => prefetchRoute(router, queryClient, session))
    .catch(() => undefined);
  return Promise.all([data, preloadRoutes(router.routes, router.state.location.pathname)]).then(() => undefined);
}

export function App({ backend, queryClient, router, firstScreenBy }: AppProps) {
  const [hold, setHold] = useState<'none' | 'holding' | 'released'>('none');
  useEffect(() => (hold === 'released' ? endFirstScreen() : undefined), [hold]);

  const restored = (session: Session) => {
    const loading = loadFirstScreen(router, queryClient, session);
    if (firstScreenBy === undefined) return;
    setHold('holding');
    const deadline = new Promise((resolve) => setTimeout(resolve, firstScreenBy - performance.now()));
    void Promise.race([loading, deadline]).then(() => {
      beginFirstScreen();
      // A transition: React draws the page in slices of a few milliseconds, then commits it once.
      startTransition(() => setHold('released'));
    });
  };

  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider backend={backend} onSignedOut={() => queryClient.clear()} onRestored={restored}>
        <NotificationsProvider>
          <AuthGate router={router} holding={hold === 'holding'} />
        </NotificationsProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
