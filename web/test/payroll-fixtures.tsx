import type { DraftPaidOrders, EligibleOrder, PayrollPeriod, PayrollRow } from '@bo/shared';
import type { Session } from '../src/auth/session';
import { useModals } from '../src/modals/context';
import { makeSession, makeUser, renderInShell, type FakeApi } from './helpers';

export const PAYROLL = makeSession({ userId: 'u-pay', name: 'Pat Payroll', roles: ['PAYROLL'] });
export const SAM = makeSession({ userId: 'u-sales', name: 'Sam Sales', roles: ['SALES'] });

/** November 2026, the first half: the period every payroll test works in. */
export const PERIOD = { year: 2026, month: 11, payPeriod: 'A' as const };
export const ELIGIBLE = '/api/db/payroll/eligibleOrders/2026/11/A/u-sales';
export const DRAFTS = '/api/db/payroll/get/drafts/paidOrders/2026/11/A/u-sales';
export const UPDATE = (userId: string) => `/api/db/payroll/update/2026/11/A/${userId}`;
export const PERIOD_PATH = '/api/db/payroll/get/2026/11/A';
export const REIMBURSEMENTS = '/api/db/payroll/submit/reimbursements/2026/11/A/u-sales';

export const eligible = (overrides: Partial<EligibleOrder> = {}): EligibleOrder => ({
  orderId: 'o-1',
  orderNum: '2001',
  orderStatus: 'DELIVERED',
  paymentStatus: 'PAID',
  createdAt: '2026-11-03T10:00:00.000Z',
  customerName: 'Green Leaf',
  brands: ['Acme'],
  subtotal: 1000,
  cost: 600,
  total: 1000,
  inThisPeriod: false,
  ...overrides,
});

/**
 * Sam's orders: 2001 delivered and paid ($1,000, cost $600), 2002 completed and unpaid ($500, cost $300), 2003
 * completed and paid but sold at a loss ($200, cost $250), and 2004 already saved in this period ($300, cost
 * $100, adjusted to $150 in the draft).
 */
export const ORDERS: EligibleOrder[] = [
  eligible(),
  eligible({
    orderId: 'o-2',
    orderNum: '2002',
    orderStatus: 'COMPLETED',
    paymentStatus: 'UNPAID',
    subtotal: 500,
    cost: 300,
    total: 500,
  }),
  eligible({ orderId: 'o-3', orderNum: '2003', orderStatus: 'COMPLETED', subtotal: 200, cost: 250, total: 200 }),
  eligible({ orderId: 'o-4', orderNum: '2004', subtotal: 300, cost: 100, total: 300, inThisPeriod: true }),
];

export const draft = (overrides: Partial<DraftPaidOrders> = {}): DraftPaidOrders => ({
  paidOrders: [{ orderId: 'o-4', orderNum: '2004', adjustedCost: 150, commission: 30 }],
  commissionRate: 0.2,
  lastSaved: null,
  status: 'DRAFT',
  ...overrides,
});

export const payrollRow = (overrides: Partial<PayrollRow> = {}): PayrollRow => ({
  id: 'u-sales',
  name: 'Sam Sales',
  payType: 'HOURLY',
  baseRate: 20,
  hoursWorked: 80,
  totalBasePay: 1600,
  commission: 30,
  bonus: 0,
  reimbursement: 45,
  reimbursementsDetails: [
    { description: 'Mileage', amount: 40 },
    { description: 'Parking', amount: 5 },
  ],
  ordersPaid: 1,
  totalPay: 1675,
  modifiedOn: null,
  ...overrides,
});

export const period = (overrides: Partial<PayrollPeriod> = {}): PayrollPeriod => ({
  ...PERIOD,
  status: 'DRAFT',
  lastSaved: '2026-11-10T09:00:00.000Z',
  submittedAt: null,
  users: [
    payrollRow(),
    payrollRow({
      id: 'u-dora',
      name: 'Dora Driver',
      payType: 'SALARY',
      baseRate: 2000,
      hoursWorked: 0,
      totalBasePay: 2000,
      commission: 0,
      reimbursement: 0,
      reimbursementsDetails: [],
      ordersPaid: 0,
      totalPay: 2000,
    }),
  ],
  ...overrides,
});

/** The answers every payroll screen reads. */
export const withUsers = (api: FakeApi): FakeApi =>
  api
    .on('GET', '/api/db/users/getById/u-sales', { body: makeUser({ id: 'u-sales', name: 'Sam Sales' }) })
    .on('GET', '/api/db/users/getById/u-pay', {
      body: makeUser({ id: 'u-pay', name: 'Pat Payroll', role: ['PAYROLL'] }),
    });

function Harness() {
  const { openModal } = useModals();
  return (
    <div>
      <button type="button" onClick={() => openModal('CalculateCommission', { userId: 'u-sales', ...PERIOD })}>
        Open commission
      </button>
      <button type="button" onClick={() => openModal('ManageReimbursements', { userId: 'u-sales', ...PERIOD })}>
        Open reimbursements
      </button>
    </div>
  );
}

/** The app shell with buttons opening the payroll dialogs, signed in as `session`. */
export const renderHarness = (session: Session) => renderInShell(<Harness />, session).queryClient;

export async function preloadPayroll() {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/payroll/commission/CalculateCommissionModal'),
    import('../src/pages/payroll/reimbursements/ManageReimbursementsModal'),
    import('../src/pages/payroll/PayrollPage'),
    import('../src/components/ConfirmationModal'),
  ]);
}
