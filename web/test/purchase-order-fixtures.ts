import type { PurchaseOrder, PurchaseOrderItem, PurchaseOrderSummary } from '@bo/shared';

/** Purchase orders as the API answers them, for the purchasing page tests. */

export const poItem = (overrides: Partial<PurchaseOrderItem> = {}): PurchaseOrderItem => ({
  purchaseOrderID: 'po-1',
  productSku: 'ACM-FLO-0001',
  productName: 'Blue Dream',
  productBrand: 'Acme',
  productType: 'Flower',
  productGenetics: 'HYBRID',
  productWeight: 3.5,
  quantity: 10,
  unitCost: 4.25,
  subtotal: 42.5,
  hasBeenStocked: false,
  ...overrides,
});

export const makePurchaseOrder = (overrides: Partial<PurchaseOrder> = {}): PurchaseOrder => ({
  id: 'po-1',
  purchaseOrderNum: '2001',
  brandID: 'b-acme',
  brand: 'Acme',
  orderPlacedOn: '2026-03-02T15:04:05.000Z',
  expectedDeliveryOn: '2026-03-09',
  orderStatus: 'ORDERED',
  paymentStatus: 'PENDING',
  statusModifiedOn: '2026-03-03T10:00:00.000Z',
  paymentModifiedOn: '2026-03-02T15:04:05.000Z',
  unitQuantity: 26,
  total: 96.5,
  notes: 'Call before delivery',
  purchaseOrderItems: [
    poItem(),
    poItem({ productSku: 'ACM-FLO-0002', productName: 'Amnesia', quantity: 6, subtotal: 25.5 }),
    poItem({
      productSku: 'ACM-FLO-0003',
      productName: 'Gelato',
      productWeight: 7,
      quantity: 4,
      unitCost: 7,
      subtotal: 28,
      hasBeenStocked: true,
    }),
    poItem({
      productSku: 'ACM-VAP-0004',
      productName: 'Cart',
      productType: 'Vape',
      productWeight: 1,
      quantity: 6,
      unitCost: 0.08,
      subtotal: 0.48,
    }),
    poItem({
      productSku: 'ACM-VAP-0005',
      productName: 'Empty line',
      productType: 'Vape',
      productWeight: 1,
      quantity: 0,
      subtotal: 0,
    }),
  ],
  modifiedOn: '2026-03-03T10:00:00.000Z',
  ...overrides,
});

export const makeSummary = (overrides: Partial<PurchaseOrderSummary> = {}): PurchaseOrderSummary => {
  const { purchaseOrderItems: _items, ...order } = makePurchaseOrder();
  return { ...order, lineCount: 5, stockedLineCount: 1, ...overrides };
};
