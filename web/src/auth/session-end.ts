import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../api/client';
import type { AuthBackend } from './amplify';

/**
 * When the API refuses the session (401 after a token refresh: the account was disabled or deleted, or its
 * sessions were signed out elsewhere), the app signs out and the sign-in page says why, in the server's words.
 */
export const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';

let notice: string | null = null;
const listeners = new Set<() => void>();
const setNotice = (next: string | null) => {
  notice = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const dismiss = () => setNotice(null);

/** The reason the last session ended without the user signing out, for the sign-in page; null otherwise. */
export function useSessionEndNotice(): [string | null, () => void] {
  return [useSyncExternalStore(subscribe, () => notice), dismiss];
}

/**
 * The API client's `onUnauthorized`: keeps the reason (our API's own 401s carry one; API Gateway's authorizer
 * says only "Unauthorized"), signs out once however many requests were refused together, then drops the
 * previous user's cached data.
 */
export function endSessionOnUnauthorized(backend: Pick<AuthBackend, 'signOut'>, queryClient: QueryClient) {
  let ending: Promise<void> | null = null;
  return (error: ApiError) => {
    setNotice(error.fromServer && error.code === 'UnauthorizedError' ? error.message : SESSION_ENDED);
    ending ??= backend
      .signOut()
      .catch(() => undefined)
      .finally(() => {
        queryClient.clear();
        ending = null;
      });
  };
}
