import type { Role } from '@bo/shared';

/** The signed-in staff member making the request, from the verified JWT claims. */
export interface Caller {
  userId: string;
  email?: string;
  /** The ID token's `name` (the user's display name), for audit entries. */
  name?: string;
  roles: Role[];
  isAdmin: boolean;
}

/** Who makes a change: the signed-in caller, or a script acting as someone (`{ userId, roles, isAdmin, name? }`). */
export interface Actor {
  userId: string;
  roles: readonly string[];
  isAdmin: boolean;
  name?: string;
  /** What the actor works through when it is not a request of theirs (an import's job): named in change-log notes. */
  via?: string;
}

/** The actor of a request: the caller, named by their display name (else their email). */
export const actorOf = (caller: Caller): Actor => ({
  userId: caller.userId,
  roles: caller.roles,
  isAdmin: caller.isAdmin,
  ...(caller.name || caller.email ? { name: caller.name ?? caller.email } : {}),
});
