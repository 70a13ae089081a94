import { lazy, Suspense } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { AuthBackend } from '../auth/amplify';
import { AuthProvider, useAuth } from '../auth/session';
import { PageLoading } from '../components/PageLoading';
import { NotificationsProvider } from '../notifications/notifications';

const SignInPage = lazy(() => import('../auth/SignInPage'));

export type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  backend: AuthBackend;
  queryClient: QueryClient;
  router: AppRouter;
}

/** Signed out: only the sign-in page. Signed in: the routed app. */
function AuthGate({ router }: { router: AppRouter }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoading label="Checking your session" />;
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

export function App({ backend, queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider
        backend={backend}
        onSignedOut={() => queryClient.clear()}
        onRestored={(session) =>
          // Loaded apart from the entry (main.tsx asks for it early when a session is kept).
          void import('./route-prefetch')
            .then(({ prefetchRoute }) => prefetchRoute(router, queryClient, session))
            .catch(() => undefined)
        }
      >
        <NotificationsProvider>
          <AuthGate router={router} />
        </NotificationsProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
