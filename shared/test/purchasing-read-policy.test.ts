import { describe, expect, it } from 'vitest';
import { isPurchasable, PURCHASE_LINE_REFUSALS, redactPurchaseOrderCosts } from '../src';

const order = {
  id: 'po-1',
  total: 109.95,
  unitQuantity: 15,
  purchaseOrderItems: [
    { productSku: 'ACM-FLO-0001', quantity: 12, unitCost: 7.35, subtotal: 88.2, hasBeenStocked: false },
    { productSku: 'ACM-FLO-0002', quantity: 3, unitCost: 7.25, subtotal: 21.75, hasBeenStocked: true },
  ],
};

describe('redactPurchaseOrderCosts', () => {
  it.each([['ADMIN'], ['PURCHASING'], ['PAYROLL']] as const)('keeps total, unit costs and subtotals for %s', (role) => {
    expect(redactPurchaseOrderCosts(order, [role])).toEqual(order);
  });

  it('strips total, unitCost and subtotal for INVENTORY and keeps everything else', () => {
    const seen = redactPurchaseOrderCosts(order, ['INVENTORY']);
    expect(seen).toEqual({
      id: 'po-1',
      unitQuantity: 15,
      purchaseOrderItems: [
        { productSku: 'ACM-FLO-0001', quantity: 12, hasBeenStocked: false },
        { productSku: 'ACM-FLO-0002', quantity: 3, hasBeenStocked: true },
      ],
    });
    expect(order.total).toBe(109.95);
  });

  it('strips the total of a list row (no lines)', () => {
    expect(redactPurchaseOrderCosts({ id: 'po-2', total: 5, lineCount: 1 }, ['INVENTORY', 'SALES'])).toEqual({
      id: 'po-2',
      lineCount: 1,
    });
  });
});

describe('purchasable products', () => {
  it('refuses INACTIVE and HIDDEN, takes the other statuses', () => {
    expect(['ACTIVE', 'COMINGSOON', 'PROMO'].every((s) => isPurchasable(s as never))).toBe(true);
    expect(isPurchasable('INACTIVE')).toBe(false);
    expect(isPurchasable('HIDDEN')).toBe(false);
  });

  it('names at most ten SKUs in a refusal', () => {
    const skus = Array.from({ length: 12 }, (_, i) => `SKU-${i}`);
    expect(PURCHASE_LINE_REFUSALS.unknown(skus)).toBe(`Unknown product SKU: ${skus.slice(0, 10).join(', ')}, …`);
    expect(PURCHASE_LINE_REFUSALS.otherBrand(['X-1'], 'Acme')).toBe('Not a product of Acme: X-1');
  });
});
