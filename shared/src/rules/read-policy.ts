import { isAllowed, type Role, type RouteAccess } from '../roles';
import {
  CUSTOMER_WRITERS,
  ORDER_READERS,
  PAYMENT_READERS,
  PAYROLL_WRITERS,
  PURCHASE_READERS,
  RETURN_READERS,
} from '../role-matrix';
import type { ENTITY_TYPES } from '../schemas/changelog';
import type { PendingOutbound } from '../schemas/order-bodies';
import { canReadOrder, isDriverOnly, type OrderViewer } from './orders/access';

/**
 * Who may read which record, in one place: the role of each kind of record (the roles of its get route) and
 * the object-level rule on top (a driver reads only the orders assigned to them; a user's full profile and
 * history are for ADMIN and that user). Every route that returns a record's data, or data derived from it
 * (its change log, its documents), asks these rules, so a side door cannot read more than the front door.
 */

export type EntityType = (typeof ENTITY_TYPES)[number];

/**
 * The roles that read each kind of record: those of its get route (`read-policy.test.ts` holds them equal).
 * A member reads their own commission through the payroll routes' own rule (`readsCommissionOf`).
 */
export const ENTITY_READERS: Readonly<Record<EntityType, RouteAccess>> = {
  user: 'ALL',
  product: 'ALL',
  productType: 'ALL',
  extractType: 'ALL',
  brand: 'ALL',
  location: 'ALL',
  customer: CUSTOMER_WRITERS,
  order: [...ORDER_READERS, 'DRIVER'],
  purchaseOrder: PURCHASE_READERS,
  payment: PAYMENT_READERS,
  return: RETURN_READERS,
  payroll: PAYROLL_WRITERS,
};

/** Why a read is refused: the role never reads this kind (403), or this record is not theirs to see (404). */
export interface ReadRefusal {
  kind: 'forbidden' | 'not-found';
  message: string;
}

const ENTITY_LABELS: Readonly<Record<EntityType, string>> = {
  user: 'users',
  product: 'products',
  productType: 'product types',
  extractType: 'extract types',
  brand: 'brands',
  location: 'locations',
  customer: 'customers',
  order: 'sales orders',
  purchaseOrder: 'purchase orders',
  payment: 'payments',
  return: 'returns',
  payroll: 'payroll',
};

const isAdminViewer = (viewer: OrderViewer) => !!viewer.isAdmin || viewer.roles.includes('ADMIN');

/** A user's full profile (email, assignments, payroll) and change history: ADMIN and the user themself. */
export const seesFullProfile = (viewer: OrderViewer, userId: string): boolean =>
  isAdminViewer(viewer) || viewer.userId === userId;

/**
 * Whether deciding needs the record itself: a driver-only viewer's order (who it is assigned to).
 * The caller then reads it and passes it to `entityReadRefusal`.
 */
export const needsRecordToDecide = (viewer: OrderViewer, entityType: EntityType): boolean =>
  entityType === 'order' && isDriverOnly(viewer);

/**
 * Why this viewer may not read this record (or its history), undefined when they may. `record` is the
 * record when `needsRecordToDecide` asked for it (undefined: it does not exist).
 */
export function entityReadRefusal(
  viewer: OrderViewer,
  entityType: EntityType,
  entityId: string,
  record?: { driverId?: string | null },
): ReadRefusal | undefined {
  if (!isAllowed(ENTITY_READERS[entityType], viewer.roles as Role[]))
    return {
      kind: 'forbidden',
      message: `Your role (${viewer.roles.join(', ') || 'none'}) cannot read ${ENTITY_LABELS[entityType]}`,
    };
  if (entityType === 'user' && !seesFullProfile(viewer, entityId))
    return { kind: 'forbidden', message: "Only an admin can read another user's history" };
  if (needsRecordToDecide(viewer, entityType) && (!record || !canReadOrder(viewer, record)))
    return { kind: 'not-found', message: 'Order not found' };
  return undefined;
}

/** Customer names on open orders (the Pending Orders popover): for the roles that read sales orders. */
export const seesOrderCustomers = (viewer: OrderViewer): boolean =>
  isAdminViewer(viewer) || viewer.roles.some((r) => ORDER_READERS.includes(r));

/** The Pending Orders rows as this viewer may see them: others get the order numbers and quantities only. */
export const pendingOutboundFor = (viewer: OrderViewer, rows: readonly PendingOutbound[]): PendingOutbound[] =>
  seesOrderCustomers(viewer) ? [...rows] : rows.map(({ customerName: _hidden, ...rest }) => rest);
