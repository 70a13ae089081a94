import type { Return } from '@bo/shared';

/** A return of order 1042 (Green Leaf): two Blue Dream back into stock, one Gelato written off, to credit. */
export const makeReturn = (overrides: Partial<Return> = {}): Return => ({
  id: 'r-1',
  creditNoteNum: 'CN-00012',
  orderId: 'o-1',
  orderNum: '1042',
  customerId: 'c-1',
  customerName: 'Green Leaf',
  reason: 'Crushed in transit',
  settlement: 'CREDIT',
  lines: [
    {
      productId: 'p-1',
      productSku: 'ACM-FLO-0001',
      productName: 'Blue Dream',
      brand: 'Acme',
      quantity: 2,
      disposition: 'RESTOCK',
      batches: [{ batchId: 'bt-1', batchNumber: 'B-001', quantity: 2 }],
      price: 18,
      value: 36,
    },
    {
      productId: 'p-2',
      productSku: 'ACM-FLO-0002',
      productName: 'Gelato',
      brand: 'Acme',
      quantity: 1,
      disposition: 'WRITE_OFF',
      batches: [],
      price: 30,
      value: 30,
    },
  ],
  amount: 60,
  appliedToOrder: 40,
  toCredit: 20,
  units: 3,
  createdAt: '2026-03-06T15:00:00.000Z',
  createdBy: 'Sam Sales',
  ...overrides,
});

/** The same return as INVENTORY reads it: no prices, no amounts. */
export function withoutMoney(r: Return): Return {
  const { amount: _a, appliedToOrder: _b, toCredit: _c, refunded: _d, ...rest } = r;
  return { ...rest, lines: rest.lines.map(({ price: _p, value: _v, ...line }) => line) };
}
