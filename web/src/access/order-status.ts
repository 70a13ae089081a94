import { useCallback } from 'react';
import {
  settableStatuses,
  statusChangerOf,
  type SettableStatuses,
  type StatusChanger,
  type StatusTarget,
} from '@bo/shared';
import { useSession } from '../auth/session';
import { useCan } from './route-access';

const NONE: SettableStatuses = { orderStatuses: [], paymentStatuses: [] };

export interface OrderStatusRights {
  /** How the signed-in user changes statuses (shared `statusChangerOf`); null when not at all. */
  changer: StatusChanger | null;
  /** The statuses they may set on this order through `orders/setStatus`. */
  settable: (order: StatusTarget) => SettableStatuses;
}

/**
 * What the signed-in user may set through `orders/setStatus`: the route's roles, then the shared rule the API
 * enforces (rules/orders/access), so a screen never offers a status change the server would refuse.
 */
export function useOrderStatusRights(): OrderStatusRights {
  const session = useSession();
  const allowed = useCan()('orders.setStatus');
  const settable = useCallback(
    (order: StatusTarget) => (allowed ? settableStatuses(session, order) : NONE),
    [allowed, session],
  );
  return { changer: allowed ? statusChangerOf(session) : null, settable };
}
