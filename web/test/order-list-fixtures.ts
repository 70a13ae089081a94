import type { Order, OrderItem, OrderSummary } from '@bo/shared';

/** Orders as the list routes answer them (orders.getByWeek, customers.getAllOrders, orders.getMyDeliveries). */

const STAMP = '2026-03-02T15:04:05.000Z';

export const makeOrderSummary = (overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  id: 'o-1',
  orderNum: '1001',
  orderStatus: 'RECEIVED',
  paymentStatus: 'AWAITING',
  statusModifiedOn: STAMP,
  paymentModifiedOn: STAMP,
  createdAt: STAMP,
  modifiedOn: STAMP,
  customerID: 'c-1',
  customer: { customerName: 'Green Leaf' },
  pickupOrder: false,
  deliveryDate: '2026-03-05',
  driverId: 'u-driver',
  packingLocationId: '1',
  dollarAdjustment: 0,
  unitQuantity: 12,
  subtotal: 240,
  total: 240,
  balanceDue: 240,
  lineCount: 2,
  ...overrides,
});

export const makeItem = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  id: 'i-1',
  orderID: 'o-1',
  quantity: 4,
  unitPrice: 20,
  priceAdjustment: 0,
  subtotal: 80,
  productName: 'Blue Dream',
  productSku: 'ACM-FLO-0001',
  productBrand: 'Acme',
  productType: 'Flower',
  productBatchId: null,
  shouldHaveTag: true,
  tagsPulled: false,
  ...overrides,
});

export const makeOrder = (overrides: Partial<Order> = {}): Order => {
  const { lineCount: _lineCount, ...summary } = makeOrderSummary();
  return { ...summary, orderedItems: [makeItem()], ...overrides };
};
