import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RETURNED_ORDER_REFUSAL,
  RETURN_MESSAGES,
  allocateReturn,
  isFullyReturned,
  returnLineValue,
  earnedPaymentStatus,
  returnSettlement,
  returnedLinesBySku,
  returnedOrderRefusal,
  returnAmount,
  returnPreview,
  returnRefusal,
  returnableBySku,
  type ReturnLine,
  type SoldLine,
} from '../src/index';

/**
 * Returns (issue 23, section 3): lines priced as sold, the order's discount shared pro rata, to the cent; never
 * more than sold less already returned; only delivered or completed orders.
 */

// 4 × $18.00 and 2 × $18.00 of A (two batches), 3 × $12.50 of B: subtotal $145.50, $10.00 off.
const SOLD: SoldLine[] = [
  { sku: 'A', quantity: 4, priceCents: 1_800 },
  { sku: 'A', quantity: 2, priceCents: 1_800 },
  { sku: 'B', quantity: 3, priceCents: 1_250 },
];
const DISCOUNT = 1_000;

describe('what a return is worth', () => {
  it('a line priced as sold, less its pro-rata share of the discount, to the cent', () => {
    // $12.50 less 12.50 / 145.50 of $10.00 ($0.86): $11.64.
    expect(returnAmount(SOLD, DISCOUNT, [], [{ sku: 'B', quantity: 1 }])).toBe(1_164);
    // Without a discount, the price it sold at.
    expect(returnAmount(SOLD, 0, [], [{ sku: 'A', quantity: 2 }])).toBe(3_600);
    expect(returnPreview(1_164, 'CREDIT')).toBe("Credit note of $11.64 to the customer's credit");
    expect(returnPreview(1_164, 'CREDIT', 0)).toBe('Credit note of $11.64 off what the order owes');
    expect(returnPreview(1_164, 'CREDIT', 500)).toBe("Credit note of $11.64: $5.00 to the customer's credit");
    expect(returnPreview(1_164, 'REFUND')).toBe('Credit note of $11.64, paid back to the customer');
    expect(returnPreview(1_164, 'REFUND', 500)).toBe('Credit note of $11.64: $5.00 paid back to the customer');
  });

  it('returning everything, in any number of returns, credits exactly the order total', () => {
    const pieces: ReturnLine[][] = [
      [{ sku: 'B', quantity: 1 }],
      [{ sku: 'B', quantity: 1 }],
      [
        { sku: 'A', quantity: 5 },
        { sku: 'B', quantity: 1 },
      ],
      [{ sku: 'A', quantity: 1 }],
    ];
    let returned: ReturnLine[] = [];
    let total = 0;
    for (const lines of pieces) {
      total += returnAmount(SOLD, DISCOUNT, returned, lines);
      returned = [...returned, ...lines];
    }
    expect(total).toBe(14_550 - 1_000);
  });

  it('property: any split of any order into returns adds up to its total, each return worth 0 or more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), priceCents: fc.nat(50_000) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.nat(1_000_000),
        fc.array(fc.nat(1_000), { maxLength: 60 }),
        (lines, discount, draws) => {
          const sold = lines.map((l, i) => ({ sku: `S${i % 3}`, ...l }));
          const subtotal = sold.reduce((s, l) => s + l.quantity * l.priceCents, 0);
          // Every unit, returned one to three at a time in the order the draws give.
          const units = sold.flatMap((l) => Array.from({ length: l.quantity }, () => l.sku));
          let returned: ReturnLine[] = [];
          let total = 0;
          let k = 0;
          while (units.length) {
            const take = 1 + ((draws[k++] ?? 0) % 3);
            const picked = units.splice((draws[k++] ?? 0) % units.length, Math.min(take, units.length));
            const lines: ReturnLine[] = [...new Set(picked)].map((sku) => ({
              sku,
              quantity: picked.filter((s) => s === sku).length,
            }));
            const amount = returnAmount(sold, discount, returned, lines);
            expect(amount).toBeGreaterThanOrEqual(0);
            total += amount;
            returned = [...returned, ...lines];
          }
          expect(total).toBe(subtotal - Math.min(discount, subtotal));
        },
      ),
    );
  });
});

describe('what may be returned', () => {
  it('never more than sold less already returned; only delivered or completed orders; known SKUs once each', () => {
    const returned = [{ sku: 'A', quantity: 5 }];
    expect(returnableBySku(SOLD, returned)).toEqual(
      new Map([
        ['A', 1],
        ['B', 3],
      ]),
    );
    expect(returnRefusal('DELIVERED', SOLD, returned, [{ sku: 'A', quantity: 1 }])).toBeUndefined();
    expect(returnRefusal('COMPLETED', SOLD, returned, [{ sku: 'A', quantity: 2 }])).toBe(
      'At most 1 of A can still be returned',
    );
    expect(
      returnRefusal('DELIVERED', SOLD, [...returned, { sku: 'A', quantity: 1 }], [{ sku: 'A', quantity: 1 }]),
    ).toBe('Every unit of A was already returned');
    expect(returnRefusal('PACKED', SOLD, [], [{ sku: 'A', quantity: 1 }])).toBe(
      RETURN_MESSAGES.notReturnable('PACKED'),
    );
    expect(returnRefusal('DELIVERED', SOLD, [], [{ sku: 'Z', quantity: 1 }])).toBe('Z is not on this order');
    expect(returnRefusal('DELIVERED', SOLD, [], [])).toBe('Choose at least one line to return');
    expect(
      returnRefusal(
        'DELIVERED',
        SOLD,
        [],
        [
          { sku: 'B', quantity: 1 },
          { sku: 'B', quantity: 1 },
        ],
      ),
    ).toBe('B appears twice in the return');
  });
});

describe('where returned units come from, and how a credit note settles', () => {
  const refs = [
    { id: 'l1', sku: 'A', batchId: 'old', quantity: 4 },
    { id: 'l2', sku: 'A', batchId: 'new', quantity: 2 },
    { id: 'l3', sku: 'B', batchId: null, quantity: 3 },
  ];

  it("takes units from the SKU's lines in order, each up to what it sold less earlier returns", () => {
    expect(allocateReturn(refs, {}, [{ sku: 'A', quantity: 5 }])).toEqual([
      { lineId: 'l1', sku: 'A', batchId: 'old', quantity: 4 },
      { lineId: 'l2', sku: 'A', batchId: 'new', quantity: 1 },
    ]);
    expect(allocateReturn(refs, { l1: 3 }, [{ sku: 'A', quantity: 2 }])).toEqual([
      { lineId: 'l1', sku: 'A', batchId: 'old', quantity: 1 },
      { lineId: 'l2', sku: 'A', batchId: 'new', quantity: 1 },
    ]);
    expect(returnedLinesBySku(refs, { l1: 3, l3: 1 })).toEqual([
      { sku: 'A', quantity: 3 },
      { sku: 'B', quantity: 1 },
    ]);
  });

  it('lowers what the order owes first; the rest goes to credit or back to the customer', () => {
    expect(returnSettlement(1_164, 13_550)).toEqual({ appliedToOrder: 1_164, excess: 0 });
    expect(returnSettlement(8_382, 0)).toEqual({ appliedToOrder: 0, excess: 8_382 });
    expect(returnSettlement(3_000, 2_000)).toEqual({ appliedToOrder: 2_000, excess: 1_000 });
  });

  it('an order with returns stays delivered or completed, with its lines and discount', () => {
    const returned = { orderStatus: 'DELIVERED' as const, returnCount: 1 };
    expect(returnedOrderRefusal(returned, { orderStatus: 'COMPLETED' })).toBeUndefined();
    expect(returnedOrderRefusal(returned, { orderStatus: 'CANCELLED' })).toBe(RETURNED_ORDER_REFUSAL);
    expect(returnedOrderRefusal(returned, { orderStatus: 'PACKED' })).toBe(RETURNED_ORDER_REFUSAL);
    expect(returnedOrderRefusal(returned, { linesOrDiscountChanged: true })).toBe(RETURNED_ORDER_REFUSAL);
    expect(returnedOrderRefusal({ orderStatus: 'DELIVERED' }, { orderStatus: 'CANCELLED' })).toBeUndefined();
  });

  it('a fully returned order is REFUNDED; otherwise paid against what it costs after its credit notes', () => {
    expect(earnedPaymentStatus({ orderStatus: 'COMPLETED', total: 0, paid: 0, fullyReturned: true })).toBe('REFUNDED');
    expect(earnedPaymentStatus({ orderStatus: 'DELIVERED', total: 13_550 - 1_164, paid: 12_386 })).toBe('PAID');
    expect(earnedPaymentStatus({ orderStatus: 'DELIVERED', total: 13_550 - 1_164, paid: 100 })).toBe('PARTIAL');
  });
});

describe("a returned line's value, and an order all of whose units came back", () => {
  it('prices units at the SKU average as sold, before the discount share', () => {
    const sold = [
      { sku: 'A', quantity: 1, priceCents: 1_000 },
      { sku: 'A', quantity: 2, priceCents: 1_300 },
    ];
    expect(returnLineValue(sold, { sku: 'A', quantity: 2 })).toBe(2_400);
    expect(isFullyReturned(3, 3)).toBe(true);
    expect(isFullyReturned(2, 3)).toBe(false);
    expect(isFullyReturned(0, 0)).toBe(false);
  });
});
