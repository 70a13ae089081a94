import { describe, expect, it } from 'vitest';
import { cartLineSchema, ORDER_STATUSES, orderSchema, PAYMENT_STATUSES } from '../src/index';

const item = {
  id: 'i1',
  orderID: 'o1',
  quantity: 3,
  unitPrice: 12.5,
  priceAdjustment: -2.5,
  subtotal: 37.5,
  productName: 'Blue Dream 3.5 g',
  productSku: 'ACM-FLO-0001',
  productBrand: 'Acme Farms',
  productType: 'Flower',
  productGenetics: 'HYBRID',
  productWeight: 3.5,
  productCost: 6,
  productBatchId: 'b1',
  shouldHaveTag: true,
  tagsPulled: false,
};

describe('order schemas (spec sections 3 and 4)', () => {
  it('lists the statuses in display order', () => {
    expect(ORDER_STATUSES).toEqual([
      'DRAFT',
      'RECEIVED',
      'FULFILLMENT',
      'PACKED',
      'DELIVERED',
      'COMPLETED',
      'REFUNDED',
      'CANCELLED',
    ]);
    expect(PAYMENT_STATUSES).toEqual(['DRAFT', 'AWAITING', 'PENDING', 'PARTIAL', 'PAID', 'REFUNDED', 'CANCELLED']);
  });
  it('reads an order with its items; cost fields may be missing (redacted)', () => {
    const { productCost: _cost, ...redactedItem } = item;
    const order = {
      id: 'o1',
      orderNum: '1042',
      orderStatus: 'RECEIVED',
      paymentStatus: 'AWAITING',
      statusModifiedOn: '2025-03-05T10:00:00.000Z',
      paymentModifiedOn: '2025-03-05T10:00:00.000Z',
      createdAt: '2025-03-05T10:00:00.000Z',
      modifiedOn: '2025-03-05T10:00:00.000Z',
      customerID: 'c1',
      customer: { customerName: 'Mile High Collective', accountOwnerID: 'u1' },
      pickupOrder: false,
      deliveryDate: '2025-03-06',
      driverId: 'u1',
      packingLocationId: '1',
      dollarAdjustment: 0,
      unitQuantity: 3,
      subtotal: 37.5,
      total: 37.5,
      balanceDue: 37.5,
      orderedItems: [item, { ...redactedItem, id: 'i2', productBatchId: null }],
    };
    expect(orderSchema.parse(order).orderedItems).toHaveLength(2);
    expect(orderSchema.safeParse({ ...order, orderStatus: 'SHIPPED' }).success).toBe(false);
  });
  it('lets a cart line go without its id and order id, but not with a fractional or negative quantity', () => {
    const { id: _id, orderID: _orderID, ...line } = item;
    expect(cartLineSchema.safeParse(line).success).toBe(true);
    expect(cartLineSchema.safeParse({ ...line, quantity: 1.5 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...line, quantity: -1 }).success).toBe(false);
  });
});
