import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSession, preloadLazyModules, renderApp } from './helpers';
import { CASH_PAYMENT, makePayment } from './payment-fixtures';
import { listQueryFor, PAYMENT_COLUMNS, PREFERENCES_STORAGE_KEY } from '../src/pages/payments/payments-config';
import type * as RegistryModule from '../src/app/modal-registry';

/** The payment dialogs are built elsewhere (`payments/dialog/`): stand-ins show the props they were given. */
vi.mock('../src/app/modal-registry', async (importOriginal) => {
  const { lazy, createElement } = await import('react');
  const original = await importOriginal<typeof RegistryModule>();
  const standIn = (name: string) =>
    lazy(async () => ({
      default: ({ onDismiss: _onDismiss, ...props }: { onDismiss: () => void }) =>
        createElement('div', { role: 'dialog', 'aria-label': name }, JSON.stringify(props)),
    }));
  return {
    modalRegistry: {
      ...original.modalRegistry,
      AddPayment: standIn('AddPayment'),
      EditPayment: standIn('EditPayment'),
    },
  };
});

beforeAll(async () => {
  await preloadLazyModules();
  await import('../src/pages/payments/PaymentsPage');
});
afterEach(() => vi.unstubAllGlobals());

const SALES = makeSession({ userId: 'u-sales', roles: ['SALES'] });
const PAYROLL = makeSession({ userId: 'u-pay', roles: ['PAYROLL'] });
const PATH = '/api/db/payments/getAll';
const PAYMENTS = [makePayment(), CASH_PAYMENT];

const setup = (payments: unknown = PAYMENTS, status = 200) =>
  fakeApi().on('GET', PATH, (call) => ({
    status,
    body:
      status !== 200
        ? { message: 'Boom' }
        : (payments as typeof PAYMENTS).filter(
            (p) => !call.query.get('customerId') || p.customerId === call.query.get('customerId'),
          ),
  }));

const dialogProps = async (name: string) =>
  JSON.parse((await screen.findByRole('dialog', { name })).textContent!) as Record<string, unknown>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('Payments page', () => {
  it('shows by default the columns that fit 1280 px: Method and Credit used only through Preferences', async () => {
    setup();
    renderApp('/payments', SALES);
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await within(table).findByText('Harbor Goods');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Customer', 'Amount', 'Applied to', 'Credit added', 'Notes', 'Actions']);
  });

  it('lists the payments of the last 30 days with customer, method, amounts, credit and the orders paid', async () => {
    // Every column on, as Preferences saves it.
    const contentDisplay = PAYMENT_COLUMNS.map((c) => ({ id: c.id, visible: true }));
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ contentDisplay }));
    const api = setup();
    renderApp('/payments', SALES);
    const table = await screen.findByRole('grid', { name: 'Payments' });
    expect(await within(table).findByText('Harbor Goods')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    // Newest payment first.
    expect(rows[0]).toHaveTextContent('Mar 6, 2026');
    expect(rows[0]).toHaveTextContent('Cash');
    expect(rows[0]).toHaveTextContent('$25.50');
    expect(rows[0]).toHaveTextContent('$20.00'); // credit used
    expect(rows[1]).toHaveTextContent('Mar 4, 2026');
    expect(rows[1]).toHaveTextContent('Check');
    expect(rows[1]).toHaveTextContent('$150.00');
    expect(rows[1]).toHaveTextContent('$10.00'); // credit added
    expect(rows[1]).toHaveTextContent('Check #4411');
    expect(within(rows[1]!).getByRole('link', { name: /^1001/ })).toHaveAttribute('href', '/orders/1001');
    expect(within(rows[1]!).getByRole('link', { name: /^1002/ })).toHaveAttribute('href', '/orders/1002');
    expect(rows[1]).toHaveTextContent('($100.00)');

    const [call] = api.callsTo('GET', PATH);
    const from = call!.query.get('from')!;
    const to = call!.query.get('to')!;
    expect(from).toMatch(DAY);
    expect(to).toMatch(DAY);
    expect(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)).toBe(29); // 30 days, today included
    expect(call!.query.get('customerId')).toBeNull();
  });

  it("asks the server for one customer's payments when the filter pins it (a click on the name does)", async () => {
    const user = userEvent.setup();
    const api = setup();
    renderApp('/payments', SALES);
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await user.click(await within(table).findByRole('button', { name: 'Show only the payments of Harbor Goods' }));
    await waitFor(() => expect(within(table).queryByText('Green Leaf')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET', PATH).some((c) => c.query.get('customerId') === 'c-2')).toBe(true));
    expect(within(table).getByText('Harbor Goods')).toBeInTheDocument();
  });

  it('filters by method in the browser without asking again', async () => {
    const api = setup();
    renderApp('/payments', SALES);
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await within(table).findByText('Harbor Goods');
    const filter = createWrapper().findPropertyFilter()!;
    act(() => filter.setInputValue('Method = CHECK'));
    act(() => filter.findNativeInput().keydown(13));
    await waitFor(() => expect(within(table).queryByText('Harbor Goods')).not.toBeInTheDocument());
    expect(within(table).getByText('Green Leaf')).toBeInTheDocument();
    expect(api.callsTo('GET', PATH).every((c) => c.query.get('customerId') === null)).toBe(true);
  });

  it('builds the list query from the range and a pinned, known customer only', () => {
    const interval = { from: new Date(2026, 0, 1).toISOString(), to: new Date(2026, 2, 31, 23, 59).toISOString() };
    const ids = new Map([['Green Leaf', 'c-1']]);
    const token = (value: string, operator = '=') => ({ propertyKey: 'customerName', value, operator });
    const range = { from: '2026-01-01', to: '2026-03-31' };
    expect(listQueryFor(interval, { operation: 'and', tokens: [] }, ids)).toEqual(range);
    expect(listQueryFor(interval, { operation: 'and', tokens: [token('Green Leaf')] }, ids)).toEqual({
      ...range,
      customerId: 'c-1',
    });
    expect(listQueryFor(interval, { operation: 'or', tokens: [token('Green Leaf')] }, ids)).toEqual(range);
    expect(listQueryFor(interval, { operation: 'and', tokens: [token('Green Leaf', '!=')] }, ids)).toEqual(range);
    expect(listQueryFor(interval, { operation: 'and', tokens: [token('Nobody')] }, ids)).toEqual(range);
  });

  it('opens AddPayment with no props from Record payment, and EditPayment with the payment id from Edit', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/payments', SALES);
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await within(table).findByText('Harbor Goods');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await dialogProps('AddPayment')).toEqual({});

    await user.click(
      within(table).getByRole('button', { name: 'Edit payment of $150.00 by Green Leaf on Mar 4, 2026' }),
    );
    expect(await dialogProps('EditPayment')).toEqual({ paymentId: 'pay-1' });
  });

  it('shows PAYROLL the payments read-only: no Record payment, no Edit, order numbers without links', async () => {
    setup();
    renderApp('/payments', PAYROLL);
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await within(table).findByText('Harbor Goods');
    expect(within(table).getByText('1001')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /^1001/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit payment/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Actions/ })).not.toBeInTheDocument();
  });

  it('shows the error with Retry, and the empty state with Record payment', async () => {
    setup(undefined, 500);
    const { unmount } = renderApp('/payments', SALES);
    expect(await screen.findByText('Error loading payments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    unmount();

    setup([]);
    renderApp('/payments', SALES);
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('No payments were made in this date range.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Record payment' })).toHaveLength(2);
  });

  it('is not offered to roles that may not read payments', async () => {
    const api = fakeApi();
    renderApp('/payments', makeSession({ roles: ['INVENTORY'] }));
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(api.callsTo('GET', PATH)).toHaveLength(0);
  });
});
