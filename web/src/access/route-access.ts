import { useCallback } from 'react';
import { isAllowed, type Role, type RouteId } from '@bo/shared';
import { useSession } from '../auth/session';
import { routeIndex } from 'virtual:route-index';

/** May these roles call this API route? The route table's own roles, exactly as the API enforces them. */
export const canCall = (id: RouteId, roles: readonly Role[]): boolean => isAllowed(routeIndex[id].roles, roles);

/** May these roles call every one of these routes? (None needed: anyone signed in.) */
export const canCallAll = (ids: readonly RouteId[], roles: readonly Role[]): boolean =>
  roles.length > 0 && ids.every((id) => canCall(id, roles));

/**
 * `can('customers.addNew')`: whether the signed-in user may call a route. Screens offer an action only when
 * its route says yes, so nobody is shown a button that would answer 403.
 */
export function useCan(): (id: RouteId) => boolean {
  const { roles } = useSession();
  return useCallback((id: RouteId) => canCall(id, roles), [roles]);
}
