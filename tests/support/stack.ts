import { InitiateAuthCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@bo/shared';
import { inject } from 'vitest';
import type { StackInfo } from '../../infra/local/src/stack';

export const stackInfo = (): StackInfo => {
  // The api-bundles project's stack, once its setup file found it up (bundled-stack-wait.ts).
  const stack = globalThis.bundledStackInfo ?? inject('stack');
  if (!stack)
    throw new Error('These tests need the local stack (run them through vitest with the api/e2e/functions projects)');
  return stack;
};

const tokens = new Map<string, Promise<{ idToken: string; accessToken: string }>>();

/** Signs a seeded user in against the Cognito emulator (USER_PASSWORD_AUTH), cached per email. */
export function signIn(email: string, password?: string) {
  let pending = tokens.get(email);
  if (!pending) {
    const stack = stackInfo();
    const user = stack.users.find((u) => u.email === email);
    const client = new CognitoIdentityProviderClient({
      endpoint: stack.cognito.endpoint,
      region: stack.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    pending = client
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.cognito.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password ?? user?.password ?? '' },
        }),
      )
      .then((r) => ({ idToken: r.AuthenticationResult!.IdToken!, accessToken: r.AuthenticationResult!.AccessToken! }));
    tokens.set(email, pending);
  }
  return pending;
}

/** Signs in without the token cache: a fresh ID token if this password opens this account now, else null. */
export async function signInNow(email: string, password: string): Promise<string | null> {
  const stack = stackInfo();
  const client = new CognitoIdentityProviderClient({
    endpoint: stack.cognito.endpoint,
    region: stack.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const res = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return res.AuthenticationResult?.IdToken ?? null;
  } catch {
    return null;
  }
}

export const userFor = (role: Role) => {
  const user = stackInfo().users.find((u) => u.roles.length === 1 && u.roles[0] === role);
  if (!user) throw new Error(`No seeded user with only the ${role} role`);
  return user;
};

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
}

/** Calls the API over HTTP through the local gateway. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const url = `${stackInfo().webUrl}${path}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed as T };
}

export async function tokenFor(role: Role) {
  return (await signIn(userFor(role).email)).idToken;
}
