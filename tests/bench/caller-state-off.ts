import type { Role } from '@bo/shared';

/**
 * Stands in for functions/src/http/caller-state.ts in the caller-state bench's "without the check" bundles:
 * the API as it was before issue 21, which read nothing to authorize. The bench calls as the seeded ADMIN, so
 * these are that caller's roles (and the route answers exactly what the checked bundle answers).
 */
export const currentRoles = async (_userId: string): Promise<Role[]> => ['ADMIN'];

/** The same, as the API's middleware asks for it (no profile read: no name beyond the token's). */
export const currentCaller = async (_userId: string): Promise<{ roles: Role[]; name?: string }> => ({
  roles: ['ADMIN'],
});
