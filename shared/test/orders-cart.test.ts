import { describe, expect, it } from 'vitest';
import {
  addToCart,
  allocateBatches,
  applyAllocation,
  assignsBatchToUnbatched,
  canSaveOrder,
  decrementQuantity,
  defaultAddQuantity,
  incrementQuantity,
  parseQuantityInput,
  tagStatus,
  type CartLine,
} from '../src/index';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  quantity: 2,
  unitPrice: 10,
  priceAdjustment: 0,
  subtotal: 20,
  productName: 'Blue Dream 3.5 g',
  productSku: 'ACM-FLO-0001',
  productBrand: 'Acme Farms',
  productType: 'Flower',
  productCost: 4,
  productBatchId: null,
  shouldHaveTag: true,
  tagsPulled: false,
  ...over,
});
const shape = (lines: CartLine[]) => lines.map((l) => [l.productSku, l.productBatchId, l.quantity, l.subtotal]);

describe('adding to the cart (spec section 4, Cart)', () => {
  it('merges into the line with the same SKU and batch, summing quantity and taking the new cost', () => {
    const cart = [line({ id: 'keep', productBatchId: 'b1', quantity: 3, subtotal: 30 })];
    const next = addToCart(cart, line({ productBatchId: 'b1', quantity: 2, productCost: 5, unitPrice: 99 }));
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ id: 'keep', quantity: 5, productCost: 5, unitPrice: 10, subtotal: 50 });
    expect(cart[0]!.quantity).toBe(3);
  });
  it('keeps lines of another batch or another SKU apart', () => {
    const cart = [line({ productBatchId: 'b1', quantity: 9 })];
    const next = addToCart(addToCart(cart, line({ productBatchId: 'b2' })), line({ productSku: 'X', quantity: 1 }));
    expect(shape(next)).toEqual([
      ['ACM-FLO-0001', 'b1', 9, 20],
      ['ACM-FLO-0001', 'b2', 2, 20],
      ['X', null, 1, 10],
    ]);
  });
  it('assigns the batch to unbatched units only if they are not more than the requested quantity', () => {
    expect(assignsBatchToUnbatched(3, 5)).toBe(true);
    expect(assignsBatchToUnbatched(5, 5)).toBe(true);
    expect(assignsBatchToUnbatched(6, 5)).toBe(false);
    const cart = [line({ quantity: 3 })];
    expect(shape(addToCart(cart, line({ productBatchId: 'b1', quantity: 5 })))).toEqual([
      ['ACM-FLO-0001', 'b1', 5, 50],
    ]);
    expect(shape(addToCart([line({ quantity: 6 })], line({ productBatchId: 'b1', quantity: 5 })))).toEqual([
      ['ACM-FLO-0001', null, 6, 20],
      ['ACM-FLO-0001', 'b1', 5, 50],
    ]);
  });
  it('adds unitQuantity units by default, else 1', () => {
    expect(defaultAddQuantity({ unitQuantity: 12 })).toBe(12);
    expect(defaultAddQuantity({})).toBe(1);
    expect(defaultAddQuantity({ unitQuantity: 0 })).toBe(1);
  });
});

describe('a SKU after allocation', () => {
  it("becomes one line per batch plus the untagged rest, in place, keeping existing lines' ids; others untouched", () => {
    const cart = [
      line({ productSku: 'A', quantity: 1 }),
      line({ id: 'old-b1', quantity: 4, productBatchId: 'b1', tagsPulled: true }),
      line({ productSku: 'Z', quantity: 1 }),
    ];
    const allocation = allocateBatches({
      quantity: 9,
      batches: [
        { id: 'b1', batchNumber: '1', receivedOn: '2025-01-01', isCheckedIn: true, remainingQuantity: 5 },
        { id: 'b2', batchNumber: '2', receivedOn: '2025-02-01', isCheckedIn: true, remainingQuantity: 2 },
      ],
    });
    const next = applyAllocation(cart, cart[1]!, allocation);
    expect(shape(next)).toEqual([
      ['A', null, 1, 20],
      ['ACM-FLO-0001', 'b1', 5, 50],
      ['ACM-FLO-0001', 'b2', 2, 20],
      ['ACM-FLO-0001', null, 2, 20],
      ['Z', null, 1, 20],
    ]);
    expect(next[1]).toMatchObject({ id: 'old-b1', tagsPulled: true });
    expect(next[2]!.id).toBeUndefined();
    expect(next[2]!.tagsPulled).toBe(false);
  });
});

describe('quantity stepper and typed quantities (spec section 5)', () => {
  it('stops the minus button at 1', () => {
    expect(decrementQuantity(3)).toBe(2);
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity(0)).toBe(0);
    expect(incrementQuantity(1)).toBe(2);
  });
  it('accepts typed whole numbers of 0 or more', () => {
    expect(parseQuantityInput('0')).toBe(0);
    expect(parseQuantityInput(' 25 ')).toBe(25);
    for (const bad of ['-1', '', 'abc', '2.5', '1e3']) expect(parseQuantityInput(bad)).toBeNull();
  });
});

describe('saving needs a customer and a cart', () => {
  it('disables Submit, Save and draft without a customer or with an empty cart', () => {
    expect(canSaveOrder('c1', [{ quantity: 1 }])).toBe(true);
    expect(canSaveOrder('', [{ quantity: 1 }])).toBe(false);
    expect(canSaveOrder('c1', [])).toBe(false);
    expect(canSaveOrder('c1', [{ quantity: 0 }])).toBe(false);
  });
});

describe('tag status (spec section 4)', () => {
  it("reads 'No Tags Selected', 'Partially tagged' or 'Fully tagged'", () => {
    expect(tagStatus(5, 0)).toBe('No Tags Selected');
    expect(tagStatus(5, 3)).toBe('Partially tagged');
    expect(tagStatus(5, 5)).toBe('Fully tagged');
    expect(tagStatus(0, 0)).toBe('No Tags Selected');
  });
});
