import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateBatches,
  allocatedTotal,
  allocationOrder,
  batchAvailable,
  batchRows,
  checkboxFill,
  pendingUntaggedByBatch,
  unitsByBatch,
  validateBatchInput,
  type AllocatableBatch,
} from '../src/index';

const batch = (id: string, receivedOn: string, remainingQuantity: number, isCheckedIn = true): AllocatableBatch => ({
  id,
  batchNumber: `N-${id}`,
  receivedOn,
  isCheckedIn,
  remainingQuantity,
});
// A and B arrive the same day (B has less left, so it goes first); C is older but not checked in; D is newest.
const batches = [
  batch('A', '2025-01-01', 10),
  batch('B', '2025-01-01', 5),
  batch('C', '2024-12-01', 50, false),
  batch('D', '2025-02-01', 30),
];
const given = (result: ReturnType<typeof allocateBatches>) => result.allocations.map((a) => [a.batchId, a.quantity]);

describe('batch allocation, auto (spec section 5)', () => {
  it('takes checked-in batches only, oldest received first, then lowest remaining', () => {
    expect(allocationOrder(batches).map((b) => b.id)).toEqual(['B', 'A', 'D']);
    const result = allocateBatches({ quantity: 12, batches });
    expect(given(result)).toEqual([
      ['B', 5],
      ['A', 7],
    ]);
    expect(result).toMatchObject({ unbatched: 0, messages: [] });
  });
  it('caps each batch by remaining minus what the cart holds minus open orders with tags not pulled', () => {
    const context = { inCart: { A: 4 }, pendingUntagged: { A: 3, B: 5 } };
    expect(batchAvailable(batches[0]!, context)).toBe(3);
    expect(batchAvailable(batches[1]!, context)).toBe(0);
    expect(given(allocateBatches({ quantity: 12, batches, ...context }))).toEqual([
      ['A', 3],
      ['D', 9],
    ]);
  });
  it("sends the rest to a line with no batch, with 'Insufficient tags…' and 'Untagged units: N'", () => {
    const result = allocateBatches({ quantity: 100, batches });
    expect(given(result)).toEqual([
      ['B', 5],
      ['A', 10],
      ['D', 30],
    ]);
    expect(result.unbatched).toBe(55);
    expect(result.messages).toEqual(['Insufficient tags to fulfill current quantity', 'Untagged units: 55']);
  });
  it('puts everything on the no-batch line when no batch is checked in', () => {
    const result = allocateBatches({ quantity: 7, batches: [batch('C', '2024-12-01', 50, false)] });
    expect(result).toMatchObject({ allocations: [], unbatched: 7 });
    expect(result.messages).toEqual(['Insufficient tags to fulfill current quantity', 'Untagged units: 7']);
  });
  it('stays silent for products that are not batch-tracked, and for a quantity of 0', () => {
    expect(allocateBatches({ quantity: 7, batches, hasBatch: false })).toEqual({
      allocations: [],
      unbatched: 7,
      messages: [],
      errors: {},
    });
    expect(allocateBatches({ quantity: 0, batches })).toMatchObject({ allocations: [], unbatched: 0, messages: [] });
  });
});

describe('batch allocation, manual (spec section 5)', () => {
  it('uses the requested per-batch amounts, capped the same way, the rest unbatched, no auto messages', () => {
    const result = allocateBatches({
      quantity: 12,
      batches,
      mode: 'manual',
      requested: { D: 6, A: 2 },
      inCart: { A: 9 },
    });
    expect(given(result)).toEqual([
      ['A', 1],
      ['D', 6],
    ]);
    expect(result.errors).toEqual({ A: 'Quantity exceeds available tags' });
    expect(result.unbatched).toBe(5);
    expect(result.messages).toEqual([]);
  });
  it("refuses negatives with 'Quantity cannot be negative' and a batch not checked in with 'exceeds'", () => {
    const result = allocateBatches({ quantity: 4, batches, mode: 'manual', requested: { A: -2, C: 3 } });
    expect(result.errors).toEqual({ A: 'Quantity cannot be negative', C: 'Quantity exceeds available tags' });
    expect(result).toMatchObject({ allocations: [], unbatched: 4 });
  });
  it('never tags more units than the line holds', () => {
    const result = allocateBatches({ quantity: 6, batches, mode: 'manual', requested: { A: 5, B: 5 } });
    expect(given(result)).toEqual([
      ['B', 5],
      ['A', 1],
    ]);
    expect(result.unbatched).toBe(0);
  });
  it('validates one batch input', () => {
    expect(validateBatchInput(-1, 5)).toBe('Quantity cannot be negative');
    expect(validateBatchInput(6, 5)).toBe('Quantity exceeds available tags');
    expect(validateBatchInput(5, 5)).toBeNull();
    expect(validateBatchInput(0, 0)).toBeNull();
  });
  it('fills a checked batch with the smaller of the untagged units and its availability', () => {
    const line = { quantity: 12, batches, mode: 'manual' as const, requested: { D: 8 } };
    expect(checkboxFill(line, 'A')).toBe(4);
    expect(checkboxFill({ ...line, requested: {} }, 'B')).toBe(5);
    expect(checkboxFill({ ...line, requested: {} }, 'A')).toBe(10);
    expect(checkboxFill(line, 'C')).toBe(0);
  });
});

describe('batch rows', () => {
  it('disables inputs in auto mode and where nothing is available; colours availability', () => {
    const auto = batchRows({ quantity: 3, batches, inCart: { B: 5 } });
    expect(auto.map((r) => [r.batchId, r.available, r.selected, r.disabled, r.badge])).toEqual([
      ['B', 0, 0, true, 'OUT'],
      ['A', 10, 3, true, 'LOW'],
      ['D', 30, 0, true, 'GOOD'],
    ]);
    const manual = batchRows({ quantity: 3, batches, inCart: { B: 5 }, mode: 'manual', requested: { A: 11 } });
    expect(manual.map((r) => [r.batchId, r.selected, r.disabled, r.error])).toEqual([
      ['B', 0, true, undefined],
      ['A', 3, false, 'Quantity exceeds available tags'],
      ['D', 0, false, undefined],
    ]);
  });
});

describe('what other lines and open orders hold', () => {
  it('sums cart lines per batch, ignoring lines with no batch', () => {
    expect(
      unitsByBatch([
        { productBatchId: 'A', quantity: 2 },
        { productBatchId: null, quantity: 9 },
        { productBatchId: 'A', quantity: 3 },
      ]),
    ).toEqual({ A: 5 });
  });
  it('counts open order lines whose tags are not pulled, leaving out the order being edited', () => {
    const items = [
      { orderID: 'o1', productBatchId: 'A', quantity: 2, tagsPulled: false },
      { orderID: 'o2', productBatchId: 'A', quantity: 3, tagsPulled: true },
      { orderID: 'o3', productBatchId: 'A', quantity: 4, tagsPulled: false },
      { orderID: 'o3', productBatchId: null, quantity: 4, tagsPulled: false },
    ];
    expect(pendingUntaggedByBatch(items)).toEqual({ A: 6 });
    expect(pendingUntaggedByBatch(items, 'o3')).toEqual({ A: 2 });
  });
});

const DAYS = ['2024-11-30', '2025-01-01', '2025-01-01T12:00:00Z', '2025-03-15'];
const batchesArb = fc
  .uniqueArray(
    fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      receivedOn: fc.constantFrom(...DAYS),
      isCheckedIn: fc.boolean(),
      remainingQuantity: fc.integer({ min: 0, max: 40 }),
    }),
    { selector: (b) => b.id, maxLength: 6 },
  )
  .map((list) => list.map((b) => ({ ...b, batchNumber: `N-${b.id}` })));
const unitsArb = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), fc.integer({ min: 0, max: 30 }));

describe('allocation properties', () => {
  it('never gives more than a batch has available, and allocated + unbatched = quantity', () => {
    fc.assert(
      fc.property(
        batchesArb,
        unitsArb,
        unitsArb,
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom('auto' as const, 'manual' as const),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'x'), fc.integer({ min: -5, max: 60 })),
        (list, inCart, pendingUntagged, quantity, mode, requested) => {
          const input = { quantity, batches: list, inCart, pendingUntagged, mode, requested };
          const result = allocateBatches(input);
          for (const a of result.allocations) {
            const b = list.find((x) => x.id === a.batchId)!;
            expect(b.isCheckedIn).toBe(true);
            expect(a.quantity).toBeGreaterThan(0);
            expect(a.quantity).toBeLessThanOrEqual(batchAvailable(b, input));
            if (mode === 'manual') expect(a.quantity).toBeLessThanOrEqual(requested[a.batchId] ?? 0);
          }
          expect(allocatedTotal(result) + result.unbatched).toBe(quantity);
          expect(result.unbatched).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
  it('auto mode takes from a batch only once every batch before it in allocation order is used up', () => {
    fc.assert(
      fc.property(batchesArb, unitsArb, fc.integer({ min: 0, max: 200 }), (list, inCart, quantity) => {
        const input = { quantity, batches: list, inCart };
        const result = allocateBatches(input);
        const order = allocationOrder(list);
        const given = new Map(result.allocations.map((a) => [a.batchId, a.quantity]));
        // Allocations come out in allocation order.
        expect(result.allocations.map((a) => a.batchId)).toEqual(order.map((b) => b.id).filter((id) => given.has(id)));
        const last = Math.max(-1, ...order.map((b, i) => (given.has(b.id) ? i : -1)));
        for (const [i, b] of order.entries()) if (i < last) expect(given.get(b.id) ?? 0).toBe(batchAvailable(b, input));
        // Anything unbatched means every batch gave all it had.
        if (result.unbatched > 0) for (const b of order) expect(given.get(b.id) ?? 0).toBe(batchAvailable(b, input));
        // Receipt dates never go backwards along the allocations.
        const times = result.allocations.map((a) => Date.parse(list.find((b) => b.id === a.batchId)!.receivedOn));
        expect([...times].sort((x, y) => x - y)).toEqual(times);
      }),
    );
  });
});
