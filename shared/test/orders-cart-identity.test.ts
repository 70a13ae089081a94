import { describe, expect, it } from 'vitest';
import { cartLineKey, isSameCartLine } from '../src/index';

describe('cart line identity (SKU and batch)', () => {
  it('no batch, a null batch and an empty batch id are the same line; another batch or SKU is not', () => {
    const unbatched = { productSku: 'ACM-FLO-0001', productBatchId: null };
    expect(cartLineKey({ productSku: 'ACM-FLO-0001' })).toBe(cartLineKey(unbatched));
    expect(cartLineKey({ productSku: 'ACM-FLO-0001', productBatchId: '' })).toBe(cartLineKey(unbatched));
    expect(isSameCartLine({ productSku: 'ACM-FLO-0001' }, unbatched)).toBe(true);
    expect(isSameCartLine(unbatched, { productSku: 'ACM-FLO-0001', productBatchId: 'b1' })).toBe(false);
    expect(isSameCartLine(unbatched, { productSku: 'ACM-FLO-0002', productBatchId: null })).toBe(false);
  });

  it('keys never collide when a SKU or batch id carries the separator a plain join would use', () => {
    expect(cartLineKey({ productSku: 'A|B', productBatchId: 'C' })).not.toBe(
      cartLineKey({ productSku: 'A', productBatchId: 'B|C' }),
    );
  });
});
