import { describe, expect, it } from 'vitest';
import { applyQueued, pendingStops, routeOrderPending } from '../src/driver/offline';
import { applySent } from '../src/driver/offline/apply';
import { cash, check, DAY, delivered, driverDay, entry, nobodyThere, reorder, stop } from './driver-offline-fixtures';

describe('applyQueued: the day as the driver sees it, with the queue laid over it', () => {
  it('gives the same day back when nothing waits', () => {
    const day = driverDay();
    expect(applyQueued(day, [])).toBe(day);
    expect(applyQueued(day, [entry(delivered(1), { state: 'conflict', error: 'Changed' })])).toBe(day);
  });

  it("sets a completed stop's state and record; a delivery makes the order DELIVERED, an exception does not", () => {
    const day = applyQueued(driverDay(), [entry(delivered(1)), entry(nobodyThere(2))]);
    const [s1, s2, s3] = day.stops;
    expect(s1).toMatchObject({
      state: 'DELIVERED',
      orderStatus: 'DELIVERED',
      last: { outcome: 'DELIVERED', receiverName: 'Pat Receiver', hasSignature: true, hasPhoto: false },
    });
    expect(s2).toMatchObject({ state: 'NOBODY_THERE', orderStatus: 'PACKED', last: { reason: 'Closed' } });
    expect(s3!.state).toBe('TODO');
    expect(day.summary).toMatchObject({ delivered: 1, exceptions: 1, remaining: 1 });
  });

  it('the latest queued action at a stop wins (nobody there, then delivered on a second visit)', () => {
    const day = applyQueued(driverDay(), [entry(nobodyThere(1)), entry(delivered(1, '2026-11-27T15:00:00.000Z'))]);
    expect(day.stops[0]!.state).toBe('DELIVERED');
    expect(day.summary).toMatchObject({ delivered: 1, exceptions: 0, remaining: 2 });
  });

  it('names the lines a partial delivery left behind from the stop', () => {
    const day = applyQueued(driverDay(), [
      entry({
        kind: 'complete',
        orderId: 'o2',
        orderNum: 'SO-1002',
        body: {
          outcome: 'PARTIAL',
          receiverName: 'Sam',
          photo: { contentType: 'image/jpeg', data: '/9j/4AAQ' },
          notDelivered: [{ lineId: 'o2-l1', quantity: 1 }],
          at: '2026-11-27T11:00:00.000Z',
          modifiedOn: '2026-11-27T08:00:00.000Z',
        },
      }),
    ]);
    expect(day.stops[1]).toMatchObject({
      state: 'PARTIAL',
      last: { hasPhoto: true, notDelivered: [{ lineId: 'o2-l1', sku: 'SKU-2A', name: 'Item 2A', quantity: 1 }] },
    });
  });

  it('adds queued money as PENDING collections and recomputes the hand-in', () => {
    const day = applyQueued(driverDay(), [entry(cash(1, 40.5)), entry(check(3, 120, '1234')), entry(cash(2, 10))]);
    expect(day.collections).toHaveLength(3);
    expect(day.collections[0]).toMatchObject({
      orderId: 'o1',
      orderNum: 'SO-1001',
      customerName: 'Customer 1',
      method: 'CASH',
      amount: 40.5,
      status: 'PENDING',
      balanceAtCollection: 100,
      day: DAY,
    });
    expect(day.summary).toEqual({
      cash: 50.5,
      checks: [{ orderNum: 'SO-1003', customerName: 'Customer 3', checkNumber: '1234', amount: 120 }],
      checksTotal: 120,
      pending: 3,
      delivered: 0,
      exceptions: 0,
      remaining: 3,
    });
  });

  it("does not count a queued collection twice once the server's record of it is in the day", () => {
    const queued = entry(cash(1, 40));
    const withRecord = applyQueued(driverDay(), [queued]);
    // The server's record has its own id but the same order and moment.
    const serverDay = { ...withRecord, collections: [{ ...withRecord.collections[0]!, id: 'col-1' }] };
    expect(applyQueued(serverDay, [queued]).collections).toHaveLength(1);
  });

  it('reorders the stops with the route order and renumbers their positions', () => {
    const day = applyQueued(driverDay(4), [entry(reorder(3, 1))]);
    expect(day.stops.map((s) => [s.orderId, s.position])).toEqual([
      ['o3', 1],
      ['o1', 2],
      ['o2', 3],
      ['o4', 4],
    ]);
    // A route order of another day changes nothing.
    const other = applyQueued(driverDay(2), [
      entry({ kind: 'routeOrder', body: { day: '2026-11-28', orderIds: ['o2', 'o1'] } }),
    ]);
    expect(other.stops.map((s) => s.orderId)).toEqual(['o1', 'o2']);
  });

  it('does not change the day it is given', () => {
    const day = driverDay();
    const copy = structuredClone(day);
    applyQueued(day, [entry(delivered(1)), entry(cash(1, 5)), entry(reorder(2, 1))]);
    expect(day).toEqual(copy);
  });

  it('marks the stops and the route order with something waiting; refused actions mark nothing', () => {
    const entries = [
      entry(delivered(1)),
      entry(cash(2, 5), { state: 'sending' }),
      entry(nobodyThere(3), { state: 'conflict' }),
      entry(reorder(2, 1), { state: 'failed' }),
    ];
    expect(pendingStops(entries)).toEqual(new Set(['o1', 'o2']));
    expect(routeOrderPending(entries)).toBe(false);
    expect(routeOrderPending([entry(reorder(2, 1))])).toBe(true);
  });
});

describe("applySent: the server's answer written into the stored day", () => {
  it("takes the stop the server sent back, keeping the route's position", () => {
    const sent = entry(delivered(2));
    const answer = { record: {}, stop: stop(2, { state: 'DELIVERED', position: 9, modifiedOn: 'later' }) };
    const day = applySent(driverDay(), sent, answer);
    expect(day.stops[1]).toMatchObject({ state: 'DELIVERED', position: 2, modifiedOn: 'later' });
    expect(day.summary.delivered).toBe(1);
  });

  it('adds the collection the server recorded', () => {
    const collected = applyQueued(driverDay(), [entry(cash(1, 30))]).collections[0]!;
    const day = applySent(driverDay(), entry(cash(1, 30)), { ...collected, id: 'col-9' });
    expect(day.collections.map((c) => c.id)).toEqual(['col-9']);
    expect(day.summary.cash).toBe(30);
  });
});
