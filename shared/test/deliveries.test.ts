import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_MESSAGES,
  PROOF_IMAGE_MAX_BYTES,
  collectProblem,
  collectableCents,
  completeStopBody,
  confirmProblem,
  daySummaryInDollars,
  daySummaryOf,
  foreignStops,
  imageTypeOf,
  moveStop,
  notDeliveredProblem,
  proofImageProblem,
  returnLinesOf,
  routeOrder,
  stopStateOf,
} from '../src';

/** The rules of a driver's day (issue 26), with concrete numbers. */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WEBP'].map((c) => c.charCodeAt(0)),
    ),
);
const bytes = (s: string) => new TextEncoder().encode(s);

describe('routeOrder and moveStop', () => {
  const stops = [
    { orderId: 'a', orderNum: '1003', deliveryDate: '2026-11-27' },
    { orderId: 'b', orderNum: '1001', deliveryDate: '2026-11-27' },
    { orderId: 'c', orderNum: '1002', deliveryDate: '2026-11-26' },
    { orderId: 'd', orderNum: '1000' },
  ];
  it('without a saved order: no date first, then earliest date, then order number', () => {
    expect(routeOrder(stops).map((s) => s.orderId)).toEqual(['d', 'c', 'b', 'a']);
  });
  it('the saved order first, stops it does not name after, ids of stops gone skipped', () => {
    expect(routeOrder(stops, ['a', 'gone', 'b']).map((s) => s.orderId)).toEqual(['a', 'b', 'd', 'c']);
  });
  it('moves one stop and leaves the others in their order', () => {
    expect(moveStop(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveStop(['a', 'b', 'c', 'd'], 1, 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveStop(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
  it('moving keeps the same ids (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 20 }), fc.nat(25), fc.nat(25), (ids, from, to) => {
        expect([...moveStop(ids, from, to)].sort()).toEqual([...ids].sort());
      }),
    );
  });
  it('names the ids that are not the driver’s stops', () => {
    expect(foreignStops(['a', 'x', 'b', 'y'], new Set(['a', 'b']))).toEqual(['x', 'y']);
  });
});

describe('stopStateOf', () => {
  it('is TODO before any record and the latest outcome after', () => {
    expect(stopStateOf([])).toBe('TODO');
    expect(
      stopStateOf([
        { outcome: 'DELIVERED', at: '2026-11-27T15:00:00.000Z' },
        { outcome: 'NOBODY_THERE', at: '2026-11-27T09:00:00.000Z' },
      ]),
    ).toBe('DELIVERED');
  });
});

describe('partial deliveries', () => {
  const lines = [
    { id: 'l1', sku: 'AB-1', name: 'Kush', quantity: 10 },
    { id: 'l2', sku: 'AB-2', name: 'Haze', quantity: 4 },
    { id: 'l3', sku: 'AB-1', name: 'Kush', quantity: 2 },
  ];
  it('accepts lines of the order within their quantities', () => {
    expect(notDeliveredProblem(lines, [{ lineId: 'l2', quantity: 3 }])).toBeUndefined();
  });
  it('refuses an unknown line, more than the line held (named twice adds up), and everything', () => {
    expect(notDeliveredProblem(lines, [{ lineId: 'x', quantity: 1 }])).toBe('Line x is not on this order');
    expect(
      notDeliveredProblem(lines, [
        { lineId: 'l2', quantity: 3 },
        { lineId: 'l2', quantity: 2 },
      ]),
    ).toBe('Only 4 of Haze (AB-2) were on the order; 5 cannot come back');
    expect(
      notDeliveredProblem(lines, [
        { lineId: 'l1', quantity: 10 },
        { lineId: 'l2', quantity: 4 },
        { lineId: 'l3', quantity: 2 },
      ]),
    ).toBe('Nothing was delivered: record it as refused instead');
  });
  it('returns units per SKU in the order’s line order', () => {
    expect(
      returnLinesOf(lines, [
        { lineId: 'l3', quantity: 1 },
        { lineId: 'l2', quantity: 2 },
        { lineId: 'l1', quantity: 3 },
      ]),
    ).toEqual([
      { productSku: 'AB-1', quantity: 4 },
      { productSku: 'AB-2', quantity: 2 },
    ]);
  });
});

describe('money collected', () => {
  it('collects up to the balance less what is pending', () => {
    expect(collectableCents(10_000, 2_500)).toBe(7_500);
    expect(collectableCents(1_000, 2_500)).toBe(0);
    expect(collectProblem(7_500, 10_000, 2_500)).toBeUndefined();
    expect(collectProblem(7_501, 10_000, 2_500)).toBe('The amount is more than the open balance of $75.00');
    expect(collectProblem(10_001, 10_000, 0)).toBe('The amount is more than the balance of $100.00');
    expect(collectProblem(0, 10_000, 0)).toBe('Enter the amount collected');
    expect(collectProblem(100, 0, 0)).toBe('This order has nothing left to collect');
    expect(collectProblem(100, 5_000, 5_000)).toMatch(/already collected and waiting for the office/);
  });
  it('never lets pending collections pass the balance (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(300_000), { maxLength: 30 }), (balance, amounts) => {
        let pending = 0;
        for (const a of amounts) if (!collectProblem(a, balance, pending)) pending += a;
        expect(pending).toBeLessThanOrEqual(balance);
      }),
    );
  });
  it('confirms only a pending collection whose order still owes what it did', () => {
    const c = { status: 'PENDING' as const, balanceAtCollectionCents: 12_000, amountCents: 5_000 };
    expect(confirmProblem(c, 12_000)).toBeUndefined();
    expect(confirmProblem({ ...c, status: 'CONFIRMED' }, 12_000)).toBe('This collection was confirmed already');
    expect(confirmProblem(c, 7_000)).toMatch(/it was \$120\.00 and is now \$70\.00/);
  });
  it('sums the day-end hand-in: cash, each check, pending, stop counts; rejected left out', () => {
    const s = daySummaryOf(
      [
        { method: 'CASH', amountCents: 4_000, status: 'PENDING', orderNum: '1', customerName: 'A' },
        { method: 'CASH', amountCents: 1_550, status: 'CONFIRMED', orderNum: '2', customerName: 'B' },
        {
          method: 'CHECK',
          amountCents: 12_000,
          status: 'PENDING',
          orderNum: '3',
          customerName: 'C',
          checkNumber: '881',
        },
        { method: 'CASH', amountCents: 9_999, status: 'REJECTED', orderNum: '4', customerName: 'D' },
      ],
      ['DELIVERED', 'PARTIAL', 'NOBODY_THERE', 'REFUSED', 'TODO'],
    );
    expect(s).toEqual({
      cashCents: 5_550,
      checks: [{ orderNum: '3', customerName: 'C', checkNumber: '881', amountCents: 12_000 }],
      checksTotalCents: 12_000,
      pending: 2,
      delivered: 2,
      exceptions: 2,
      remaining: 1,
    });
  });
});

describe('proof images', () => {
  it('reads the type from the bytes', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(JPEG)).toBe('image/jpeg');
    expect(imageTypeOf(new Uint8Array(WEBP))).toBe('image/webp');
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
  });
  it('refuses SVG or HTML declared as PNG, a type other than declared, empty and oversized files', () => {
    expect(proofImageProblem(PNG, 'image/png')).toBeUndefined();
    expect(proofImageProblem(bytes('<svg onload="alert(1)"/>'), 'image/png')).toBe(DELIVERY_MESSAGES.notAnImage);
    expect(proofImageProblem(bytes('<html><script>x</script>'), 'image/png')).toBe(DELIVERY_MESSAGES.notAnImage);
    expect(proofImageProblem(JPEG, 'image/png')).toBe(DELIVERY_MESSAGES.notAnImage);
    expect(proofImageProblem(new Uint8Array(), 'image/png')).toBe(DELIVERY_MESSAGES.notAnImage);
    const big = new Uint8Array(PROOF_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    expect(proofImageProblem(big, 'image/png')).toBe(DELIVERY_MESSAGES.imageTooLarge);
  });
});

describe('completeStopBody', () => {
  const base = { at: '2026-11-27T10:00:00.000Z', modifiedOn: '2026-11-27T08:00:00.000Z' };
  const photo = { contentType: 'image/png', data: 'data:image/png;base64,iVBORw0KGgo=' };
  it('needs proof and the receiver for a delivery, a reason for an exception, lines for a partial', () => {
    const messages = (body: object) => {
      const r = completeStopBody.safeParse({ ...base, ...body });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ outcome: 'DELIVERED', photo, receiverName: 'Ann' })).toEqual([]);
    expect(messages({ outcome: 'DELIVERED', receiverName: 'Ann' })).toEqual([DELIVERY_MESSAGES.proofRequired]);
    expect(messages({ outcome: 'DELIVERED', photo })).toEqual([DELIVERY_MESSAGES.receiverRequired]);
    expect(messages({ outcome: 'REFUSED' })).toEqual([DELIVERY_MESSAGES.reasonRequired]);
    expect(messages({ outcome: 'PARTIAL', photo, receiverName: 'Ann', reason: 'Short shelf' })).toEqual([
      DELIVERY_MESSAGES.partialLines,
    ]);
  });
  it('refuses text that is no image’s base64 and positions DynamoDB cannot store; takes a phone’s raw reading', () => {
    const ok = (body: object) =>
      completeStopBody.safeParse({ ...base, outcome: 'DELIVERED', receiverName: 'Ann', photo, ...body }).success;
    expect(ok({ photo: { contentType: 'image/png', data: 'x'.repeat(100_000) } })).toBe(false);
    expect(ok({ photo: { contentType: 'image/png', data: btoa('<svg/>') } })).toBe(false);
    expect(ok({ position: { latitude: 37.77492912345678, longitude: -122.41941550000001, accuracy: 12.5 } })).toBe(
      true,
    );
    expect(ok({ position: { latitude: 1e-131, longitude: 0 } })).toBe(false);
    expect(ok({ position: { latitude: 91, longitude: 0 } })).toBe(false);
  });
  it('drops a data: URL prefix from the image', () => {
    const r = completeStopBody.safeParse({ ...base, outcome: 'DELIVERED', photo, receiverName: 'Ann' });
    expect(r.success && r.data.photo?.data).toBe('iVBORw0KGgo=');
  });
});

describe('the day-end hand-in in dollars (what myDay answers and the phone recomputes)', () => {
  it('gives cash, each check and the totals in dollars, rejected money left out', () => {
    const summary = daySummaryInDollars(
      [
        { method: 'CASH', amountCents: 4250, status: 'PENDING', orderNum: '1001', customerName: 'A' },
        {
          method: 'CHECK',
          amountCents: 12000,
          status: 'CONFIRMED',
          orderNum: '1002',
          customerName: 'B',
          checkNumber: '77',
        },
        { method: 'CASH', amountCents: 999, status: 'REJECTED', orderNum: '1003', customerName: 'C' },
      ],
      ['DELIVERED', 'PARTIAL', 'REFUSED', 'TODO'],
    );
    expect(summary).toEqual({
      cash: 42.5,
      checks: [{ orderNum: '1002', customerName: 'B', checkNumber: '77', amount: 120 }],
      checksTotal: 120,
      pending: 1,
      delivered: 2,
      exceptions: 1,
      remaining: 1,
    });
  });
});
