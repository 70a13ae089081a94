import { parseGroupsClaim } from '@bo/shared';
import type { Session } from '../auth/session-types';

/**
 * The driver last signed in on this phone, read from what Amplify keeps in local storage, without checking the
 * token: offline, an expired session cannot be refreshed, yet the driver must still see the day kept on the
 * phone and queue what they do (the queue sends it with a fresh session once the network is back).
 */
export function storedDriver(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'> = window.localStorage,
): Session | null {
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith('CognitoIdentityServiceProvider.') || !key.endsWith('.LastAuthUser')) continue;
      const user = storage.getItem(key);
      const token = user ? storage.getItem(`${key.slice(0, -'LastAuthUser'.length)}${user}.idToken`) : null;
      const payload = token ? decodePayload(token) : null;
      const sub = payload?.sub;
      if (typeof sub !== 'string' || !sub) continue;
      const roles = parseGroupsClaim(payload!['cognito:groups']);
      if (!roles.includes('DRIVER')) continue;
      const name = typeof payload!.name === 'string' ? payload!.name : undefined;
      const email = typeof payload!.email === 'string' ? payload!.email : '';
      return { userId: sub, email, roles, idToken: '', ...(name ? { name } : {}) };
    }
  } catch {
    // Storage refused or a token unreadable: no offline session.
  }
  return null;
}

function decodePayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  const binary = atob(
    part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '='),
  );
  const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
}
