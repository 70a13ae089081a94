import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
import { parseGroupsClaim } from '@bo/shared';
import type { RuntimeConfig } from './config';
import type { Session } from './session-types';

/** The only place that talks to Amplify: everything else sees `AuthBackend`. */
export interface AuthBackend {
  currentSession(): Promise<Session | null>;
  getIdToken(options?: { forceRefresh?: boolean }): Promise<string | undefined>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  completeNewPassword(password: string): Promise<SignInOutcome>;
  signOut(): Promise<void>;
  /** Calls back when tokens are refreshed or the user is signed out elsewhere; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export type SignInOutcome = { step: 'DONE' } | { step: 'NEW_PASSWORD_REQUIRED' };

export function sessionFromIdToken(payload: Record<string, unknown>, idToken: string): Session | null {
  const sub = payload.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const email = typeof payload.email === 'string' ? payload.email : '';
  const name = typeof payload.name === 'string' && payload.name ? payload.name : undefined;
  return { userId: sub, email, ...(name ? { name } : {}), roles: parseGroupsClaim(payload['cognito:groups']), idToken };
}

export function createAmplifyAuth(config: RuntimeConfig): AuthBackend {
  // A user pool endpoint is set only against the local Cognito emulator, where Amplify warns about it on every
  // token call; the browser tests fail on app warnings, so Amplify logs only its errors there.
  if (config.userPoolEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });

  const outcome = (step: string): SignInOutcome => {
    if (step === 'DONE') return { step: 'DONE' };
    if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return { step: 'NEW_PASSWORD_REQUIRED' };
    throw new Error(`This sign-in step is not supported here (${step}). Ask an administrator for help.`);
  };

  return {
    async currentSession() {
      const { tokens } = await fetchAuthSession();
      const idToken = tokens?.idToken;
      return idToken ? sessionFromIdToken(idToken.payload, idToken.toString()) : null;
    },
    async getIdToken(options) {
      const { tokens } = await fetchAuthSession({ forceRefresh: options?.forceRefresh ?? false });
      return tokens?.idToken?.toString();
    },
    async signIn(email, password) {
      const result = await signIn({
        username: email.trim(),
        password,
        options: { authFlowType: config.authFlowType },
      });
      return outcome(result.nextStep.signInStep);
    },
    async completeNewPassword(password) {
      const result = await confirmSignIn({ challengeResponse: password });
      return outcome(result.nextStep.signInStep);
    },
    async signOut() {
      await signOut();
    },
    onChange(listener) {
      return Hub.listen('auth', ({ payload }) => {
        if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) listener();
      });
    },
  };
}
