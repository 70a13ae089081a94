import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyStockEffects,
  netStock,
  ORDER_STATUSES,
  stockEffects,
  stockHold,
  type OrderStatus,
  type StockEffects,
  type StockLevels,
  type StockLine,
} from '../src/index';

const l = (productSku: string, quantity: number, productBatchId: string | null = null, tagsPulled = false) => ({
  productSku,
  quantity,
  productBatchId,
  tagsPulled,
});
const lines = [l('S1', 5, 'b1'), l('S1', 2), l('S2', 3, 'b2', true)];

describe('which statuses hold stock (the decision in stock-effects.ts)', () => {
  it('DRAFT holds nothing; open statuses reserve; DELIVERED and COMPLETED consume; CANCELLED and REFUNDED give back', () => {
    expect(ORDER_STATUSES.map((s) => [s, stockHold(s)])).toEqual([
      ['DRAFT', 'none'],
      ['RECEIVED', 'reserved'],
      ['FULFILLMENT', 'reserved'],
      ['PACKED', 'reserved'],
      ['DELIVERED', 'consumed'],
      ['COMPLETED', 'consumed'],
      ['REFUNDED', 'none'],
      ['CANCELLED', 'none'],
    ]);
    expect(stockHold(null)).toBe('none');
  });
});

describe('stock effects of transitions', () => {
  it('submitting reserves: pending outbound up; batch units reserved, or taken off the batch once tags are pulled', () => {
    expect(stockEffects(null, 'RECEIVED', lines)).toEqual({
      products: [
        { sku: 'S1', stock: 0, pendingOutbound: 7 },
        { sku: 'S2', stock: 0, pendingOutbound: 3 },
      ],
      batches: [
        { batchId: 'b1', sku: 'S1', remaining: 0, reserved: 5 },
        { batchId: 'b2', sku: 'S2', remaining: -3, reserved: 0 },
      ],
    });
  });
  it('a draft holds nothing', () => {
    expect(stockEffects(null, 'DRAFT', lines)).toEqual({ products: [], batches: [] });
    expect(stockEffects('DRAFT', 'CANCELLED', lines)).toEqual({ products: [], batches: [] });
  });
  it('delivering consumes what was reserved: stock and pending down, batch remaining down', () => {
    expect(stockEffects('PACKED', 'DELIVERED', lines)).toEqual({
      products: [
        { sku: 'S1', stock: -7, pendingOutbound: -7 },
        { sku: 'S2', stock: -3, pendingOutbound: -3 },
      ],
      batches: [{ batchId: 'b1', sku: 'S1', remaining: -5, reserved: -5 }],
    });
    expect(stockEffects('DRAFT', 'COMPLETED', [l('S1', 4, 'b1')])).toEqual({
      products: [{ sku: 'S1', stock: -4, pendingOutbound: 0 }],
      batches: [{ batchId: 'b1', sku: 'S1', remaining: -4, reserved: 0 }],
    });
  });
  it('moving between open statuses, or from DELIVERED to COMPLETED, changes nothing', () => {
    expect(stockEffects('RECEIVED', 'PACKED', lines)).toEqual({ products: [], batches: [] });
    expect(stockEffects('DELIVERED', 'COMPLETED', lines)).toEqual({ products: [], batches: [] });
  });
  it('cancelling or refunding gives back what was reserved or consumed', () => {
    expect(stockEffects('FULFILLMENT', 'CANCELLED', lines)).toEqual({
      products: [
        { sku: 'S1', stock: 0, pendingOutbound: -7 },
        { sku: 'S2', stock: 0, pendingOutbound: -3 },
      ],
      batches: [
        { batchId: 'b1', sku: 'S1', remaining: 0, reserved: -5 },
        { batchId: 'b2', sku: 'S2', remaining: 3, reserved: 0 },
      ],
    });
    expect(stockEffects('COMPLETED', 'REFUNDED', [l('S1', 4, 'b1')])).toEqual({
      products: [{ sku: 'S1', stock: 4, pendingOutbound: 0 }],
      batches: [{ batchId: 'b1', sku: 'S1', remaining: 4, reserved: 0 }],
    });
  });
  it('edits count the difference between the old and the new lines', () => {
    expect(
      stockEffects('RECEIVED', 'RECEIVED', { prev: [l('S1', 5, 'b1')], next: [l('S1', 8, 'b1'), l('S3', 1)] }),
    ).toEqual({
      products: [
        { sku: 'S1', stock: 0, pendingOutbound: 3 },
        { sku: 'S3', stock: 0, pendingOutbound: 1 },
      ],
      batches: [{ batchId: 'b1', sku: 'S1', remaining: 0, reserved: 3 }],
    });
    // Pulling the tags of an open order takes its units off the batch.
    expect(stockEffects('PACKED', 'PACKED', { prev: [l('S1', 5, 'b1')], next: [l('S1', 5, 'b1', true)] })).toEqual({
      products: [],
      batches: [{ batchId: 'b1', sku: 'S1', remaining: -5, reserved: -5 }],
    });
    // A status change and an edit at once.
    expect(stockEffects('RECEIVED', 'DELIVERED', { prev: [l('S1', 5)], next: [l('S1', 4)] })).toEqual({
      products: [{ sku: 'S1', stock: -4, pendingOutbound: -5 }],
      batches: [],
    });
  });
  it('deleting an order (next status null) gives back what it held', () => {
    expect(stockEffects('RECEIVED', null, [l('S1', 2)])).toEqual({
      products: [{ sku: 'S1', stock: 0, pendingOutbound: -2 }],
      batches: [],
    });
  });
});

// Properties: random orders of a few SKUs and batches, moved through random statuses and edits.
const SKUS = ['S1', 'S2', 'S3'];
const BATCHES: Record<string, string[]> = { S1: ['b1', 'b2'], S2: ['b3'], S3: [] };
const lineArb = fc
  .record({
    productSku: fc.constantFrom(...SKUS),
    quantity: fc.integer({ min: 0, max: 20 }),
    pick: fc.nat(),
    batched: fc.boolean(),
    tagsPulled: fc.boolean(),
  })
  .map(({ productSku, quantity, pick, batched, tagsPulled }): StockLine => {
    const options = BATCHES[productSku]!;
    const productBatchId = batched && options.length ? options[pick % options.length]! : null;
    return { productSku, quantity, productBatchId, tagsPulled };
  });
const stepArb = fc.record({
  status: fc.constantFrom<OrderStatus>(...ORDER_STATUSES),
  lines: fc.array(lineArb, { maxLength: 6 }),
});

const initial = (): StockLevels => ({
  products: Object.fromEntries(SKUS.map((s, i) => [s, { stock: 100 + i, pendingOutboundQuantity: 7 * i }])),
  batches: Object.fromEntries(
    Object.values(BATCHES)
      .flat()
      .map((b, i) => [b, { remainingQuantity: 50 + i, reservedQuantity: i }]),
  ),
});

/** What the levels must be, computed straight from the current status and lines. */
function expected(status: OrderStatus | null, current: readonly StockLine[]): StockLevels {
  const levels = initial();
  const reserving = status === 'RECEIVED' || status === 'FULFILLMENT' || status === 'PACKED';
  const consuming = status === 'DELIVERED' || status === 'COMPLETED';
  for (const line of current) {
    const p = levels.products[line.productSku]!;
    if (reserving) p.pendingOutboundQuantity += line.quantity;
    if (consuming) p.stock -= line.quantity;
    if (!line.productBatchId) continue;
    const b = levels.batches[line.productBatchId]!;
    if (consuming || (reserving && line.tagsPulled)) b.remainingQuantity -= line.quantity;
    else if (reserving) b.reservedQuantity += line.quantity;
  }
  return levels;
}

const sum = (...all: StockEffects[]): StockLevels =>
  all.reduce((levels, e) => applyStockEffects(levels, e), { products: {}, batches: {} } as StockLevels);
const nonZero = (levels: StockLevels) => ({
  products: Object.fromEntries(
    Object.entries(levels.products).filter(([, v]) => v.stock !== 0 || v.pendingOutboundQuantity !== 0),
  ),
  batches: Object.fromEntries(
    Object.entries(levels.batches).filter(([, v]) => v.remainingQuantity !== 0 || v.reservedQuantity !== 0),
  ),
});

describe('stock effect properties', () => {
  it('keep stock, pending outbound and batches equal to what the order holds now, along any path from null', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 8 }), (steps) => {
        let levels = initial();
        let status: OrderStatus | null = null;
        let current: readonly StockLine[] = [];
        const start = initial();
        for (const step of steps) {
          levels = applyStockEffects(levels, stockEffects(status, step.status, { prev: current, next: step.lines }));
          status = step.status;
          current = step.lines;
          expect(levels).toEqual(expected(status, current));
          for (const sku of SKUS) {
            const now = levels.products[sku]!;
            const was = start.products[sku]!;
            const held = current.filter((x) => x.productSku === sku).reduce((s, x) => s + x.quantity, 0);
            // available = stock − pending outbound: what it was, less exactly what the order holds (or nothing).
            const hold = stockHold(status);
            expect(netStock(now)).toBe(netStock(was) - (hold === 'none' ? 0 : held));
            // Never consumed twice: stock is either untouched or down by exactly the consumed lines.
            expect(now.stock).toBe(was.stock - (hold === 'consumed' ? held : 0));
            expect(now.pendingOutboundQuantity).toBeGreaterThanOrEqual(was.pendingOutboundQuantity);
          }
        }
        // Cancelling from wherever it ended gives everything back.
        expect(applyStockEffects(levels, stockEffects(status, 'CANCELLED', current))).toEqual(start);
      }),
    );
  });
  it('compose: A→B then B→C has the same effect as A→C', () => {
    fc.assert(
      fc.property(stepArb, stepArb, stepArb, (a, b, c) => {
        const twoSteps = sum(
          stockEffects(a.status, b.status, { prev: a.lines, next: b.lines }),
          stockEffects(b.status, c.status, { prev: b.lines, next: c.lines }),
        );
        const oneStep = sum(stockEffects(a.status, c.status, { prev: a.lines, next: c.lines }));
        expect(nonZero(twoSteps)).toEqual(nonZero(oneStep));
      }),
    );
  });
  it('a change that changes nothing moves nothing', () => {
    fc.assert(
      fc.property(stepArb, (s) => {
        expect(stockEffects(s.status, s.status, s.lines)).toEqual({ products: [], batches: [] });
      }),
    );
  });
});
