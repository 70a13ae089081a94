import type { Role } from '@bo/shared';
import { getUser } from '../data/users/reads';
import { UnauthorizedError } from '../domain';

/**
 * A token is not the last word (ARCHITECTURE.md, "Auth and roles"): the API Gateway authorizer proves who
 * signed in, and this module answers what that user may do NOW, from their profile item. A deleted or disabled
 * user is refused with 401 and a demoted one keeps only their current roles, within the cache's lifetime.
 *
 * The profile is read with one eventually consistent GetItem and kept per Lambda container, per user, for
 * CALLER_STATE_TTL seconds (default 30, at most 60; 0 reads it on every request). Within that time a change
 * is not seen, which the "within 60 seconds" promise allows. The handlers that change a user do not clear
 * this cache: deployed, the user's requests land on other containers, and the local stack (one process for
 * every route) must behave the same.
 */
export const DEFAULT_CALLER_STATE_TTL_SECONDS = 30;
export const MAX_CALLER_STATE_TTL_SECONDS = 60;

export const ACCOUNT_REMOVED = 'Your account no longer exists; ask an admin if you need access';
export const ACCOUNT_DISABLED = 'Your account is disabled; ask an admin to enable it';
export const SESSION_ENDED = 'You were signed out by an admin; please sign in again';

/**
 * What the API needs of a profile to decide a request: its current roles and the sign-in time before which
 * its sessions were ended (epoch seconds), or why there are none.
 */
export type CallerState = { roles: Role[]; name?: string; sessionsValidAfter?: number } | { refused: string };

/** CALLER_STATE_TTL in milliseconds, clamped to 0–60 s; unset or unreadable is the default. */
export function callerStateTtlMs(): number {
  const raw = process.env.CALLER_STATE_TTL;
  const seconds = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  const chosen = Number.isFinite(seconds) ? seconds : DEFAULT_CALLER_STATE_TTL_SECONDS;
  return Math.min(Math.max(chosen, 0), MAX_CALLER_STATE_TTL_SECONDS) * 1000;
}

/** Staff counts are small; the bound only keeps a long-lived process (the local stack) from growing without end. */
const MAX_ENTRIES = 2000;
const cache = new Map<string, { state: Promise<CallerState>; until: number }>();

async function readState(userId: string): Promise<CallerState> {
  const profile = await getUser(userId);
  if (!profile) return { refused: ACCOUNT_REMOVED };
  if (profile.status === 'DISABLED') return { refused: ACCOUNT_DISABLED };
  return {
    roles: profile.role,
    ...(profile.name ? { name: profile.name } : {}),
    ...(profile.sessionsValidAfter ? { sessionsValidAfter: profile.sessionsValidAfter } : {}),
  };
}

/** The caller's state, from the cache while fresh; concurrent requests of one user share one read. */
export function callerState(userId: string, now = Date.now()): Promise<CallerState> {
  const cached = cache.get(userId);
  if (cached && cached.until > now) return cached.state;
  const state = readState(userId);
  cache.delete(userId);
  cache.set(userId, { state, until: now + callerStateTtlMs() });
  // A failed read (DynamoDB timeout) is not kept: the next request tries again.
  state.catch(() => cache.get(userId)?.state === state && cache.delete(userId));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return state;
}

/**
 * The roles the caller holds now; 401 with the reason when the account is gone or disabled, or when the token
 * comes from a sign-in (`authTime`, the token's `auth_time` in seconds) before an admin ended the user's sessions.
 */
export async function currentRoles(userId: string, authTime?: number): Promise<Role[]> {
  return (await currentCaller(userId, authTime)).roles;
}

/**
 * `currentRoles` with the caller's display name from the same profile read: audit entries name the person when the
 * ID token carries no `name` claim (Cognito's tokens hold only what the pool's attributes hold).
 */
export async function currentCaller(userId: string, authTime?: number): Promise<{ roles: Role[]; name?: string }> {
  const state = await callerState(userId);
  if ('refused' in state) throw new UnauthorizedError(state.refused);
  if (state.sessionsValidAfter && !(authTime !== undefined && authTime >= state.sessionsValidAfter))
    throw new UnauthorizedError(SESSION_ENDED);
  return { roles: state.roles, ...(state.name ? { name: state.name } : {}) };
}

/** Empties the cache (tests that rewrite a profile and must not wait for the TTL). */
export const forgetCallerStates = () => cache.clear();
