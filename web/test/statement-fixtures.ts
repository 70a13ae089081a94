import type { Statement } from '@bo/shared';

/** Green Leaf's statement for Feb 9 – Mar 10, 2026: $100 owed at the start, two invoices and two payments. */
export const makeStatement = (overrides: Partial<Statement> = {}): Statement => ({
  customerId: 'c-1',
  customerName: 'Green Leaf',
  from: '2026-02-09',
  to: '2026-03-10',
  paymentTermsDays: 30,
  openingBalance: 100,
  lines: [
    { date: '2026-02-12', type: 'INVOICE', reference: 'Order 1042', amount: 250.5, balance: 350.5, orderId: 'o-1' },
    { date: '2026-02-20', type: 'PAYMENT', reference: 'Check: 1042', amount: -150, balance: 200.5, paymentId: 'p-1' },
    { date: '2026-03-01', type: 'INVOICE', reference: 'Order 1050', amount: 419.75, balance: 620.25, orderId: 'o-2' },
    { date: '2026-03-05', type: 'REFUND', reference: 'Refund 1050', amount: 0.1, balance: 620.35 },
  ],
  closingBalance: 620.35,
  ageing: { days0to30: 420.35, days31to60: 0, days61to90: 200, over90: 0 },
  ...overrides,
});
