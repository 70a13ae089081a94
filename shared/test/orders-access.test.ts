import { describe, expect, it } from 'vitest';
import {
  canReadOrder,
  DRAFT_STATUS_REFUSAL,
  DRIVER_STATUS_REFUSAL,
  FULFILMENT_STATUS_REFUSAL,
  FULFILMENT_STEPS,
  isDriverOnly,
  isOpenDeliveryOf,
  ORDER_STATUSES,
  PAYMENT_STATUS_REFUSAL,
  PAYMENT_STATUSES,
  settableStatuses,
  STATUS_REFUSAL,
  statusChangeRefusal,
  statusChangerOf,
  type OrderStatus,
  type OrderViewer,
  type StatusTarget,
} from '../src/index';

const viewer = (roles: OrderViewer['roles'], isAdmin?: boolean): OrderViewer => ({
  userId: 'me',
  roles,
  ...(isAdmin === undefined ? {} : { isAdmin }),
});
const mine = { driverId: 'me' };
const theirs = { driverId: 'someone-else' };
const unassigned = { driverId: null };

describe('who reads a sales order', () => {
  it('a driver and nothing else reads only the deliveries assigned to them', () => {
    const driver = viewer(['DRIVER']);
    expect(isDriverOnly(driver)).toBe(true);
    expect(canReadOrder(driver, mine)).toBe(true);
    expect(canReadOrder(driver, theirs)).toBe(false);
    expect(canReadOrder(driver, unassigned)).toBe(false);
    expect(canReadOrder(driver, {})).toBe(false);
  });

  it('a driver who also sells, buys or keeps inventory, or an admin, reads every order', () => {
    for (const v of [
      viewer(['DRIVER', 'SALES']),
      viewer(['DRIVER', 'PURCHASING']),
      viewer(['DRIVER', 'INVENTORY']),
      viewer(['DRIVER', 'ADMIN']),
      viewer(['DRIVER'], true),
    ]) {
      expect(isDriverOnly(v)).toBe(false);
      expect(canReadOrder(v, theirs)).toBe(true);
    }
  });

  it('payroll alone is not a driver: the route decides whether it reads orders at all', () => {
    expect(isDriverOnly(viewer(['PAYROLL']))).toBe(false);
    expect(isDriverOnly(viewer(['DRIVER', 'PAYROLL']))).toBe(true);
  });
});

const delivery = (changes: Partial<StatusTarget> = {}): StatusTarget => ({
  orderStatus: 'PACKED',
  driverId: 'me',
  pickupOrder: false,
  ...changes,
});
const OPEN: OrderStatus[] = ['RECEIVED', 'FULFILLMENT', 'PACKED'];
const CLOSED: OrderStatus[] = ['DRAFT', 'DELIVERED', 'COMPLETED', 'REFUNDED', 'CANCELLED'];

describe('which statuses a caller sets through setStatus', () => {
  it('names how each role changes statuses, by its strongest role', () => {
    expect(statusChangerOf(viewer(['SALES']))).toBe('any');
    expect(statusChangerOf(viewer([], true))).toBe('any');
    expect(statusChangerOf(viewer(['DRIVER', 'SALES']))).toBe('any');
    expect(statusChangerOf(viewer(['INVENTORY']))).toBe('fulfilment');
    expect(statusChangerOf(viewer(['DRIVER', 'INVENTORY']))).toBe('fulfilment');
    expect(statusChangerOf(viewer(['INVENTORY', 'PAYROLL']))).toBe('fulfilment');
    expect(statusChangerOf(viewer(['DRIVER']))).toBe('own-deliveries');
    expect(statusChangerOf(viewer(['DRIVER', 'PURCHASING']))).toBe('own-deliveries');
    expect(statusChangerOf(viewer(['PURCHASING']))).toBeNull();
    expect(statusChangerOf(viewer(['PAYROLL']))).toBeNull();
  });

  it('an open delivery is assigned to the driver, not a pickup, and RECEIVED, FULFILLMENT or PACKED', () => {
    for (const orderStatus of OPEN) expect(isOpenDeliveryOf(delivery({ orderStatus }), 'me')).toBe(true);
    for (const orderStatus of CLOSED) expect(isOpenDeliveryOf(delivery({ orderStatus }), 'me')).toBe(false);
    expect(isOpenDeliveryOf(delivery({ pickupOrder: true }), 'me')).toBe(false);
    expect(isOpenDeliveryOf(delivery({ driverId: 'someone-else' }), 'me')).toBe(false);
    expect(isOpenDeliveryOf(delivery({ driverId: null }), 'me')).toBe(false);
    expect(isOpenDeliveryOf(delivery({ driverId: '' }), '')).toBe(false);
  });

  it('sales and admins set every order and payment status on any order (spec: any status may follow any other)', () => {
    for (const v of [viewer(['SALES']), viewer(['ADMIN']), viewer([], true)])
      for (const orderStatus of ORDER_STATUSES)
        expect(settableStatuses(v, delivery({ orderStatus, driverId: 'x' }))).toEqual({
          orderStatuses: ORDER_STATUSES,
          paymentStatuses: PAYMENT_STATUSES,
        });
  });

  it('inventory moves an order along the fulfilment steps only: RECEIVED, FULFILLMENT, PACKED, DELIVERED', () => {
    const inventory = viewer(['INVENTORY']);
    expect(FULFILMENT_STEPS).toEqual(['RECEIVED', 'FULFILLMENT', 'PACKED', 'DELIVERED']);
    for (const orderStatus of FULFILMENT_STEPS)
      expect(settableStatuses(inventory, delivery({ orderStatus, driverId: 'x' }))).toEqual({
        orderStatuses: ['RECEIVED', 'FULFILLMENT', 'PACKED', 'DELIVERED'],
        paymentStatuses: [],
      });
    // Drafts and orders already settled, refunded or cancelled are sales' to move.
    for (const orderStatus of ['DRAFT', 'COMPLETED', 'REFUNDED', 'CANCELLED'] as const)
      expect(settableStatuses(inventory, delivery({ orderStatus }))).toEqual({
        orderStatuses: [],
        paymentStatuses: [],
      });
    expect(statusChangeRefusal(inventory, delivery(), { orderStatus: 'DELIVERED' })).toBeUndefined();
    expect(statusChangeRefusal(inventory, delivery({ orderStatus: 'DELIVERED' }), { orderStatus: 'PACKED' })).toBe(
      undefined,
    );
    for (const orderStatus of ['COMPLETED', 'REFUNDED', 'CANCELLED'] as const) {
      expect(statusChangeRefusal(inventory, delivery(), { orderStatus })).toBe(FULFILMENT_STATUS_REFUSAL);
      expect(statusChangeRefusal(inventory, delivery({ orderStatus }), { orderStatus: 'RECEIVED' })).toBe(
        FULFILMENT_STATUS_REFUSAL,
      );
    }
    expect(statusChangeRefusal(inventory, delivery(), { orderStatus: 'DRAFT' })).toBe(DRAFT_STATUS_REFUSAL);
    expect(statusChangeRefusal(inventory, delivery({ orderStatus: 'DRAFT' }), { orderStatus: 'RECEIVED' })).toBe(
      DRAFT_STATUS_REFUSAL,
    );
  });

  it('inventory never sets a payment status, on any order, alone or beside an allowed step', () => {
    const inventory = viewer(['INVENTORY']);
    for (const orderStatus of ORDER_STATUSES)
      for (const paymentStatus of PAYMENT_STATUSES) {
        expect(statusChangeRefusal(inventory, delivery({ orderStatus }), { paymentStatus })).toBe(
          PAYMENT_STATUS_REFUSAL,
        );
        expect(statusChangeRefusal(inventory, delivery(), { orderStatus: 'PACKED', paymentStatus })).toBe(
          PAYMENT_STATUS_REFUSAL,
        );
      }
  });

  it('a driver marks their own open delivery DELIVERED, and nothing else', () => {
    const driver = viewer(['DRIVER']);
    for (const orderStatus of OPEN) {
      expect(settableStatuses(driver, delivery({ orderStatus }))).toEqual({
        orderStatuses: ['DELIVERED'],
        paymentStatuses: [],
      });
      expect(statusChangeRefusal(driver, delivery({ orderStatus }), { orderStatus: 'DELIVERED' })).toBeUndefined();
    }
    for (const orderStatus of ORDER_STATUSES.filter((s) => s !== 'DELIVERED'))
      expect(statusChangeRefusal(driver, delivery(), { orderStatus })).toBe(DRIVER_STATUS_REFUSAL);
    for (const order of [
      ...CLOSED.map((orderStatus) => delivery({ orderStatus })),
      delivery({ pickupOrder: true }),
      delivery({ driverId: 'someone-else' }),
    ]) {
      expect(settableStatuses(driver, order).orderStatuses).toEqual([]);
      expect(statusChangeRefusal(driver, order, { orderStatus: 'DELIVERED' })).toBe(DRIVER_STATUS_REFUSAL);
    }
  });

  it('a driver never sets a payment status, not even beside DELIVERED', () => {
    const driver = viewer(['DRIVER']);
    expect(statusChangeRefusal(driver, delivery(), { paymentStatus: 'PAID' })).toBe(DRIVER_STATUS_REFUSAL);
    expect(statusChangeRefusal(driver, delivery(), { orderStatus: 'DELIVERED', paymentStatus: 'PAID' })).toBe(
      DRIVER_STATUS_REFUSAL,
    );
  });

  it('a driver who also buys is still only a driver for statuses, though they read every order', () => {
    const buyer = viewer(['DRIVER', 'PURCHASING']);
    expect(canReadOrder(buyer, theirs)).toBe(true);
    expect(statusChangeRefusal(buyer, delivery({ driverId: 'someone-else' }), { orderStatus: 'DELIVERED' })).toBe(
      DRIVER_STATUS_REFUSAL,
    );
    expect(statusChangeRefusal(buyer, delivery(), { orderStatus: 'DELIVERED' })).toBeUndefined();
  });

  it('purchasing and payroll set no status', () => {
    for (const v of [viewer(['PURCHASING']), viewer(['PAYROLL'])]) {
      expect(settableStatuses(v, delivery())).toEqual({ orderStatuses: [], paymentStatuses: [] });
      expect(statusChangeRefusal(v, delivery(), { orderStatus: 'PACKED' })).toBe(STATUS_REFUSAL);
    }
  });

  it('settable statuses and refusals agree for every role, order status and requested status', () => {
    const viewers = [
      viewer(['SALES']),
      viewer(['INVENTORY']),
      viewer(['DRIVER']),
      viewer(['PURCHASING']),
      viewer(['DRIVER', 'PURCHASING']),
    ];
    for (const v of viewers)
      for (const current of ORDER_STATUSES) {
        const order = delivery({ orderStatus: current });
        const allowed = settableStatuses(v, order);
        for (const orderStatus of ORDER_STATUSES)
          expect(statusChangeRefusal(v, order, { orderStatus }) === undefined).toBe(
            allowed.orderStatuses.includes(orderStatus),
          );
        for (const paymentStatus of PAYMENT_STATUSES)
          expect(statusChangeRefusal(v, order, { paymentStatus }) === undefined).toBe(
            allowed.paymentStatuses.includes(paymentStatus),
          );
      }
  });
});
