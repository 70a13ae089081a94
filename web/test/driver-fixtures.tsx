import { render } from '@testing-library/react';
import type { Collection, DriverDay, Stop } from '@bo/shared';
import type { Session } from '../src/auth/session-types';
import { DriverApp } from '../src/driver/DriverApp';
import { fakeBackend } from './helpers';

export { dayResult, makeEntry, queueResult, type OfflineState } from './driver-offline-mock';

/** The driver app's tests: a day of stops, a stand-in for the offline layer (mocked with vi.mock), a signed-in driver. */

export const DAY = '2026-11-27';

export const makeStop = (overrides: Partial<Stop> & Pick<Stop, 'orderId' | 'orderNum'>): Stop => ({
  orderStatus: 'PACKED',
  modifiedOn: '2026-11-26T10:00:00.000Z',
  deliveryDate: DAY,
  position: 1,
  customer: {
    customerId: `c-${overrides.orderId}`,
    customerName: `Customer ${overrides.orderNum}`,
    address: '12 Harbor Road, Portland, OR',
    contactName: 'Pat Buyer',
    contactPhone: '(503) 555-0100',
  },
  packingLocation: { id: '1', name: 'Main warehouse' },
  units: 6,
  lines: [
    { lineId: `${overrides.orderId}-l1`, sku: 'BD-1', name: 'Blue Dream', quantity: 4 },
    { lineId: `${overrides.orderId}-l2`, sku: 'GE-2', name: 'Gelato', quantity: 2 },
  ],
  amountDue: 120,
  state: 'TODO',
  ...overrides,
});

export const makeCollection = (
  overrides: Partial<Collection> & Pick<Collection, 'orderId' | 'orderNum'>,
): Collection => ({
  id: `col-${overrides.orderId}`,
  customerId: 'c-1',
  customerName: 'Customer',
  driverId: 'u-driver',
  day: DAY,
  method: 'CASH',
  amount: 20,
  at: `${DAY}T09:00:00.000Z`,
  balanceAtCollection: 120,
  status: 'PENDING',
  ...overrides,
});

export const makeDay = (stops: Stop[], collections: Collection[] = []): DriverDay => ({
  day: DAY,
  driverId: 'u-driver',
  stops,
  collections,
  summary: { cash: 0, checks: [], checksTotal: 0, pending: 0, delivered: 0, exceptions: 0, remaining: stops.length },
});

export const DRIVER_SESSION: Session = {
  userId: 'u-driver',
  email: 'driver@example.com',
  name: 'Dan Driver',
  roles: ['DRIVER'],
  idToken: 'token',
};

/** The driver app at `path`, signed in as the driver. */
export function renderDriver(path: string, session: Session | null = DRIVER_SESSION) {
  window.history.replaceState(null, '', path);
  return render(<DriverApp backend={fakeBackend(session)} day={DAY} />);
}
