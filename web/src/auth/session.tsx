import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthBackend, SignInOutcome } from './amplify';
import type { Session } from './session-types';

export type { Session } from './session-types';

export type AuthStatus = 'loading' | 'signedOut' | 'newPasswordRequired' | 'signedIn';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  signIn(email: string, password: string): Promise<void>;
  completeNewPassword(password: string): Promise<void>;
  /** Leaves the "set a new password" step and returns to the sign-in form. */
  cancelNewPassword(): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

interface AuthProviderProps {
  backend: AuthBackend;
  /** Runs after sign-out (e.g. drops cached server data of the previous user). */
  onSignedOut?: () => void;
  /** Runs once when the app opens on a session kept from before (a reload), before anything is drawn for it. */
  onRestored?: (session: Session) => void;
  children: ReactNode;
}

export function AuthProvider({ backend, onSignedOut, onRestored, children }: AuthProviderProps) {
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [session, setSession] = useState<Session | null>(null);

  const apply = useCallback((next: Session | null) => {
    setSession(next);
    setStatus((current) => (next ? 'signedIn' : current === 'newPasswordRequired' ? current : 'signedOut'));
    return next;
  }, []);

  const refresh = useCallback(
    () =>
      backend
        .currentSession()
        .catch(() => null)
        .then(apply),
    [apply, backend],
  );

  const restored = useRef(onRestored);
  useEffect(() => {
    let live = true;
    const load = () =>
      backend
        .currentSession()
        .catch(() => null)
        .then((next) => live && apply(next));
    void load().then((next) => {
      if (next) restored.current?.(next);
    });
    const unsubscribe = backend.onChange(() => void load());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [apply, backend]);

  const follow = useCallback(
    async (outcome: SignInOutcome) => {
      if (outcome.step === 'NEW_PASSWORD_REQUIRED') {
        setStatus('newPasswordRequired');
        return;
      }
      const next = await refresh();
      if (!next) throw new Error('Signed in, but no session was returned. Try again.');
    },
    [refresh],
  );

  const value = useMemo<AuthState>(
    () => ({
      status,
      session,
      async signIn(email, password) {
        try {
          await follow(await backend.signIn(email, password));
        } catch (error) {
          // A session left over in storage: use it rather than failing.
          if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException' && (await refresh())) return;
          throw error;
        }
      },
      async completeNewPassword(password) {
        await follow(await backend.completeNewPassword(password));
      },
      cancelNewPassword() {
        setStatus('signedOut');
      },
      async signOut() {
        try {
          await backend.signOut();
        } finally {
          setSession(null);
          setStatus('signedOut');
          onSignedOut?.();
        }
      },
    }),
    [backend, follow, onSignedOut, refresh, session, status],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

/** The signed-in user. Only for components rendered behind the sign-in gate. */
export function useSession(): Session {
  const { session } = useAuth();
  if (!session) throw new Error('useSession needs a signed-in user');
  return session;
}

export const isAdmin = (session: Pick<Session, 'roles'>): boolean => session.roles.includes('ADMIN');
