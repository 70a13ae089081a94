import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@bo/shared';
import { fakeApi, makeUser, preloadLazyModules, renderApp } from './helpers';
import { SALES } from './brands-fixtures';
import { makeOrderSummary } from './order-list-fixtures';
import { absoluteRange, lastDays, quickRange, relativeRange, spanDays, QUICK_RANGES } from '../src/format/date-ranges';
import { orderTotals } from '../src/pages/customers/ViewCustomerOrdersModal';

beforeAll(async () => {
  await preloadLazyModules();
  await Promise.all([
    import('../src/pages/customers/CustomersPage'),
    import('../src/pages/customers/ViewCustomerOrdersModal'),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

const STAMP = '2026-03-04T05:06:07.000Z';
const GREEN: Customer = {
  id: 'c-1',
  customerName: 'Green Leaf',
  commpref: 'EMAIL',
  type: 'WHOLESALE',
  orderType: 'DELIVERY',
  accountOwnerID: 'u-sales',
  priceAdjustment: 0,
  creditAvailable: 0,
  autoRefreshPricing: false,
  customPricingCount: 0,
  createdAt: STAMP,
  modifiedOn: STAMP,
};

const ORDERS = [
  makeOrderSummary({
    id: 'o-2',
    orderNum: '1002',
    orderStatus: 'COMPLETED',
    paymentStatus: 'PARTIAL',
    createdAt: '2026-03-03T10:00:00.000Z',
    unitQuantity: 3,
    total: 10.1,
    balanceDue: 0.2,
  }),
  makeOrderSummary({ id: 'o-1', orderNum: '1001', unitQuantity: 12, total: 240, balanceDue: 240 }),
];

const PATH = '/api/db/customers/getAllOrders/c-1';

function setup(reply: { status?: number; body?: unknown } = { body: { res: ORDERS } }) {
  return (
    fakeApi()
      .on('GET', '/api/db/customers/getAll', { body: [GREEN] })
      .on('GET', '/api/db/users/getAll', { body: { res: [makeUser({ id: 'u-sales', name: 'Sam Sales' })] } })
      .on('GET', PATH, reply)
      // The dialog's Payments section (issue 13).
      .on('GET', '/api/db/payments/getByCustomer/c-1', { body: [] })
      .on('GET', '/api/db/customers/getAvailableCredit/c-1', { body: { creditAvailable: 0 } })
  );
}

async function openViewOrders(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByRole('grid', { name: 'Customers' });
  await user.click(await within(table).findByRole('radio', { name: 'Green Leaf' }));
  await user.click(screen.getByRole('button', { name: 'View orders' }));
  return screen.findByRole('dialog', { name: 'View Orders' });
}

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe('View Orders (per customer)', () => {
  it('opens from the Customers page with the last 90 days, lists the orders and their totals', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/customers', SALES);
    const dialog = await openViewOrders(user);
    expect(within(dialog).getByText('Green Leaf')).toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: 'Orders of Green Leaf' });
    expect(await within(table).findByText('Completed')).toBeInTheDocument();
    expect(within(table).getByText('Partial')).toBeInTheDocument();
    expect(within(table).getByText('Received')).toBeInTheDocument();
    const link = within(table).getByRole('link', { name: /^1001/ });
    expect(link).toHaveAttribute('href', '/orders/1001');
    expect(link).toHaveAttribute('target', '_blank');

    const totals = within(dialog).getByTestId('customer-orders-totals');
    expect(within(totals).getByText('$250.10')).toBeInTheDocument();
    expect(within(totals).getByText('$240.20')).toBeInTheDocument();
    expect(within(totals).getByText('15')).toBeInTheDocument();

    const [call] = api.callsTo('GET', PATH);
    expect(Math.round(days(call!.query.get('from')!, call!.query.get('to')!))).toBe(90);
    expect(within(dialog).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks again for each quick range', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/customers', SALES);
    const dialog = await openViewOrders(user);
    await within(dialog).findByText('Completed');
    await user.click(within(dialog).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
    const second = api.callsTo('GET', PATH)[1]!;
    expect(Math.round(days(second.query.get('from')!, second.query.get('to')!))).toBe(30);
    await user.click(within(dialog).getByRole('button', { name: 'Year to date' }));
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(3));
    const third = api.callsTo('GET', PATH)[2]!;
    const from = new Date(third.query.get('from')!);
    expect([from.getMonth(), from.getDate(), from.getHours()]).toEqual([0, 1, 0]);
  });

  it("shows 'No orders found' and the error state", async () => {
    const user = userEvent.setup();
    setup({ body: { res: [] } });
    const { unmount } = renderApp('/customers', SALES);
    let dialog = await openViewOrders(user);
    expect(await within(dialog).findByText('No orders found')).toBeInTheDocument();
    unmount();

    setup({ status: 500, body: { message: 'boom' } });
    renderApp('/customers', SALES);
    dialog = await openViewOrders(user);
    expect(await within(dialog).findByText('Error loading orders')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('order ranges', () => {
  const now = new Date(2026, 2, 15, 14, 30); // 15 March 2026, 14:30 local

  it('has the spec quick ranges in order, 90 days first', () => {
    expect(QUICK_RANGES.map((r) => r.label)).toEqual([
      '90 days',
      '60 days',
      '30 days',
      'This week (7)',
      'Month to date',
      'Year to date',
    ]);
  });

  it('counts N calendar days including today, to the end of today', () => {
    const r = lastDays(7, now);
    expect(new Date(r.from)).toEqual(new Date(2026, 2, 9));
    expect(new Date(r.to)).toEqual(new Date(2026, 2, 15, 23, 59, 59, 999));
    expect(quickRange('7d', now)).toEqual(r);
    expect(new Date(quickRange('90d', now).from)).toEqual(new Date(2025, 11, 16));
    expect(new Date(quickRange('60d', now).from)).toEqual(new Date(2026, 0, 15));
    expect(new Date(quickRange('30d', now).from)).toEqual(new Date(2026, 1, 14));
    expect(spanDays(quickRange('90d', now))).toBe(90);
  });

  it('month and year to date start on the 1st and on 1 January', () => {
    expect(new Date(quickRange('mtd', now).from)).toEqual(new Date(2026, 2, 1));
    expect(new Date(quickRange('ytd', now).from)).toEqual(new Date(2026, 0, 1));
    expect(new Date(quickRange('ytd', now).to)).toEqual(new Date(2026, 2, 15, 23, 59, 59, 999));
    // On the 1st, month to date is today only.
    const first = new Date(2026, 3, 1, 8);
    expect(spanDays(quickRange('mtd', first))).toBe(1);
  });

  it('relative and absolute ranges of the Orders page', () => {
    expect(relativeRange(2, 'week', now)).toEqual(lastDays(14, now));
    expect(new Date(relativeRange(1, 'month', now).from)).toEqual(new Date(2026, 1, 16));
    expect(new Date(relativeRange(1, 'year', now).from)).toEqual(new Date(2025, 2, 16));
    expect(new Date(relativeRange(3, 'hour', now).from)).toEqual(new Date(2026, 2, 15, 11, 30));
    const abs = absoluteRange('2026-03-01', '2026-03-02')!;
    expect(new Date(abs.from)).toEqual(new Date(2026, 2, 1));
    expect(new Date(abs.to)).toEqual(new Date(2026, 2, 2, 23, 59, 59, 999));
    expect(absoluteRange('2026-03-02', '2026-03-01')).toBeNull();
    expect(absoluteRange('soon', '2026-03-01')).toBeNull();
  });

  it('adds totals in cents', () => {
    expect(orderTotals(ORDERS)).toEqual({ count: 2, units: 15, total: 250.1, balanceDue: 240.2 });
    expect(orderTotals([])).toEqual({ count: 0, units: 0, total: 0, balanceDue: 0 });
  });

  it('counts in Balance due only what orders owe: a draft or a cancelled order owes nothing, as in Receivables', () => {
    const draft = makeOrderSummary({ id: 'o-3', orderStatus: 'DRAFT', total: 1_308.8, balanceDue: 1_308.8 });
    const cancelled = makeOrderSummary({ id: 'o-4', orderStatus: 'CANCELLED', total: 50, balanceDue: 50 });
    expect(orderTotals([...ORDERS, draft, cancelled])).toEqual({
      count: 4,
      units: 15 + draft.unitQuantity + cancelled.unitQuantity,
      total: 1_608.9,
      balanceDue: 240.2,
    });
  });
});
