import { isAllowed, type Role } from '../../roles';
import { PAYROLL_WRITERS } from '../../role-matrix';
import type { OrderViewer } from '../orders/access';

/**
 * Whose commission a viewer may read (issue 14): PAYROLL and ADMIN read anyone's; everyone else only their
 * own. The API answers another user's with a 404, as it does an order a driver may not see.
 */
export const readsCommissionOf = (viewer: OrderViewer, userId: string): boolean =>
  viewer.userId === userId || !!viewer.isAdmin || isAllowed(PAYROLL_WRITERS, viewer.roles as Role[]);
