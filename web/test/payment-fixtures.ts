import type { Payment, Receivables } from '@bo/shared';

/** Payments and receivables as the payment routes answer them (dollars). */

export const makePayment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 'pay-1',
  customerId: 'c-1',
  customerID: 'c-1',
  customerName: 'Green Leaf',
  amount: 150,
  paymentDate: '2026-03-04',
  paymentMethod: 'CHECK',
  notes: 'Check #4411',
  appliedPayments: [
    { orderId: 'o-1', orderNum: '1001', amount: 100 },
    { orderId: 'o-2', orderNum: '1002', amount: 40 },
  ],
  orders: [
    { orderId: 'o-1', orderNum: '1001', amountApplied: 100 },
    { orderId: 'o-2', orderNum: '1002', amountApplied: 40 },
  ],
  customerCreditDeducted: 0,
  customerCreditAdded: 10,
  createdOn: '2026-03-04T10:00:00.000Z',
  modifiedOn: '2026-03-04T10:00:00.000Z',
  ...overrides,
});

export const CASH_PAYMENT = makePayment({
  id: 'pay-2',
  customerId: 'c-2',
  customerID: 'c-2',
  customerName: 'Harbor Goods',
  amount: 25.5,
  paymentDate: '2026-03-06',
  paymentMethod: 'CASH',
  notes: undefined,
  appliedPayments: [{ orderId: 'o-7', orderNum: '1007', amount: 45.5 }],
  orders: [{ orderId: 'o-7', orderNum: '1007', amountApplied: 45.5 }],
  customerCreditDeducted: 20,
  customerCreditAdded: 0,
});

export const RECEIVABLES: Receivables = {
  asOf: '2026-03-10',
  rows: [
    {
      customerId: 'c-1',
      customerName: 'Green Leaf',
      openOrders: 3,
      balanceDue: 620.25,
      days0to30: 120.25,
      days31to60: 0,
      days61to90: 200,
      over90: 300,
      oldestOrderDate: '2025-11-02',
    },
    {
      customerId: 'c-2',
      customerName: 'Harbor Goods',
      openOrders: 1,
      balanceDue: 80,
      days0to30: 0,
      days31to60: 80,
      days61to90: 0,
      over90: 0,
      oldestOrderDate: '2026-01-20',
    },
  ],
  totals: { balanceDue: 700.25, days0to30: 120.25, days31to60: 80, days61to90: 200, over90: 300 },
};
