import { describe, expect, it } from 'vitest';
import { canReadOrder, DRIVER_STATUS_REFUSAL, isDriverOnly, statusChangeRefusal, type OrderViewer } from '../src/index';

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

describe('which status changes a driver makes', () => {
  const driver = viewer(['DRIVER']);

  it('marks a delivery DELIVERED, and nothing else', () => {
    expect(statusChangeRefusal(driver, { orderStatus: 'DELIVERED' })).toBeUndefined();
    expect(statusChangeRefusal(driver, { orderStatus: 'COMPLETED' })).toBe(DRIVER_STATUS_REFUSAL);
    expect(statusChangeRefusal(driver, { orderStatus: 'CANCELLED' })).toBe(DRIVER_STATUS_REFUSAL);
  });

  it('never sets a payment status, not even beside DELIVERED', () => {
    expect(statusChangeRefusal(driver, { paymentStatus: 'PAID' })).toBe(DRIVER_STATUS_REFUSAL);
    expect(statusChangeRefusal(driver, { orderStatus: 'DELIVERED', paymentStatus: 'PAID' })).toBe(
      DRIVER_STATUS_REFUSAL,
    );
  });

  it('leaves other roles to the route', () => {
    expect(statusChangeRefusal(viewer(['DRIVER', 'INVENTORY']), { orderStatus: 'COMPLETED' })).toBeUndefined();
    expect(statusChangeRefusal(viewer(['SALES']), { paymentStatus: 'PAID' })).toBeUndefined();
  });
});
