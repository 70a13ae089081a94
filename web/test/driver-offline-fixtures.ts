import type { DriverDay, Stop } from '@bo/shared';
import type { QueueEntry, QueuedAction } from '../src/driver/offline';

/** A driver's day for the offline layer's tests: stops in route order, no record, nothing collected. */
export const DAY = '2026-11-27';
export const LOADED_AT = '2026-11-27T08:00:00.000Z';

export function stop(n: number, over: Partial<Stop> = {}): Stop {
  return {
    orderId: `o${n}`,
    orderNum: `SO-${1000 + n}`,
    orderStatus: 'PACKED',
    modifiedOn: LOADED_AT,
    deliveryDate: DAY,
    position: n,
    customer: { customerId: `c${n}`, customerName: `Customer ${n}`, address: `${n} Main St` },
    packingLocation: null,
    units: 3,
    lines: [
      { lineId: `o${n}-l1`, sku: `SKU-${n}A`, name: `Item ${n}A`, quantity: 2 },
      { lineId: `o${n}-l2`, sku: `SKU-${n}B`, name: `Item ${n}B`, quantity: 1 },
    ],
    amountDue: 100 * n,
    state: 'TODO',
    ...over,
  };
}

export function driverDay(count = 3, over: Partial<DriverDay> = {}): DriverDay {
  const stops = Array.from({ length: count }, (_, i) => stop(i + 1));
  return {
    day: DAY,
    driverId: 'driver-1',
    stops,
    collections: [],
    summary: { cash: 0, checks: [], checksTotal: 0, pending: 0, delivered: 0, exceptions: 0, remaining: count },
    ...over,
  };
}

let seq = 0;
export function entry(action: QueuedAction, over: Partial<QueueEntry> = {}): QueueEntry {
  seq += 1;
  return {
    id: `k${seq}`,
    action,
    userId: 'driver-1',
    createdAt: `2026-11-27T09:${String(seq % 60).padStart(2, '0')}:00.000Z`,
    state: 'waiting',
    attempts: 0,
    ...over,
  };
}

export const delivered = (n: number, at = '2026-11-27T10:00:00.000Z'): QueuedAction => ({
  kind: 'complete',
  orderId: `o${n}`,
  orderNum: `SO-${1000 + n}`,
  body: {
    outcome: 'DELIVERED',
    receiverName: 'Pat Receiver',
    signature: { contentType: 'image/png', data: 'iVBORw0KGgo=' },
    at,
    modifiedOn: LOADED_AT,
  },
});

export const nobodyThere = (n: number): QueuedAction => ({
  kind: 'complete',
  orderId: `o${n}`,
  orderNum: `SO-${1000 + n}`,
  body: { outcome: 'NOBODY_THERE', reason: 'Closed', at: '2026-11-27T10:30:00.000Z', modifiedOn: LOADED_AT },
});

export const cash = (n: number, amount: number, at = '2026-11-27T10:05:00.000Z'): QueuedAction => ({
  kind: 'collect',
  orderId: `o${n}`,
  orderNum: `SO-${1000 + n}`,
  body: { method: 'CASH', amount, at },
});

export const check = (n: number, amount: number, checkNumber: string): QueuedAction => ({
  kind: 'collect',
  orderId: `o${n}`,
  orderNum: `SO-${1000 + n}`,
  body: { method: 'CHECK', amount: String(amount), checkNumber, at: '2026-11-27T10:06:00.000Z' },
});

export const reorder = (...ns: number[]): QueuedAction => ({
  kind: 'routeOrder',
  body: { day: DAY, orderIds: ns.map((n) => `o${n}`) },
});
