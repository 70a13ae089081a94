import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, type FakeApi } from './helpers';
import {
  draft,
  DRAFTS,
  ELIGIBLE,
  ORDERS,
  payrollRow,
  PAYROLL,
  period,
  PERIOD_PATH,
  preloadPayroll,
  SAM,
  UPDATE,
  withUsers,
} from './payroll-fixtures';
import { PAYROLL_COLUMNS, PAYROLL_PREFERENCES_KEY } from '../src/pages/payroll/payroll-config';

type User = ReturnType<typeof userEvent.setup>;

const SUBMIT = '/api/db/payroll/submit/2026/11/A';
const DELETE = '/api/db/payroll/delete/2026/11/A';

beforeAll(preloadPayroll);
beforeEach(() => {
  // Only the clock is fake: the page opens on the period of Nov 5, 2026 (A); timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 5, 12));
  // Every column on, Total base pay too (off by default, so the table fits 1280 px), as Preferences would save it.
  const contentDisplay = PAYROLL_COLUMNS.map((c) => ({ id: c.id, visible: true }));
  window.localStorage.setItem(PAYROLL_PREFERENCES_KEY, JSON.stringify({ contentDisplay }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function payrollApi(): FakeApi {
  return withUsers(fakeApi())
    .on('GET', PERIOD_PATH, { body: period() })
    .on('POST', UPDATE('u-sales'), { body: period() })
    .on('POST', SUBMIT, { body: period({ status: 'SUBMITTED' }) })
    .on('DELETE', DELETE, { body: { deleted: true } });
}

async function openPage() {
  renderApp('/payroll', PAYROLL);
  await screen.findByRole('textbox', { name: 'Hours of Sam Sales' }, { timeout: 5000 });
}

const selectNamed = (testId: string) => createWrapper().findSelect(`[data-testid="${testId}"]`)!;

const box = (name: string) => screen.getByRole('textbox', { name });
const changed = (name: string) => box(name).closest('[data-changed]')?.getAttribute('data-changed');

async function retype(user: User, name: string, text: string) {
  await user.clear(box(name));
  await user.type(box(name), text);
}

describe('Payroll page', () => {
  it('renders without a console error or warning (the header once nested a <div> in a <p>)', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    try {
      payrollApi();
      await openPage();
      expect(screen.getByTestId('payroll-total')).toHaveTextContent('Total pay $3,675.00');
      expect(screen.getByTestId('payroll-status').closest('p')).not.toBeNull();
      expect(error).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });

  it('leaves Total base pay off by default (Preferences turns it on)', async () => {
    window.localStorage.removeItem(PAYROLL_PREFERENCES_KEY);
    payrollApi();
    await openPage();
    expect(screen.getByRole('columnheader', { name: /Total pay/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Total base pay/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('base-pay-u-sales')).not.toBeInTheDocument();
  });

  it('highlights changed cells, previews the pay, and Save changes posts only the changed user, then reloads', async () => {
    const user = userEvent.setup();
    const api = payrollApi();
    await openPage();
    expect(screen.getByText('November 2026 (1st - 15th)')).toBeInTheDocument();
    expect(screen.getByTestId('base-pay-u-sales')).toHaveTextContent('$1,600.00');
    expect(screen.getByTestId('total-pay-u-sales')).toHaveTextContent('$1,675.00');
    // The period's total: $1,675 + Dora's salary $2,000.
    expect(screen.getByTestId('payroll-total')).toHaveTextContent('Total pay $3,675.00');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await retype(user, 'Hours of Sam Sales', '90');
    await retype(user, 'Bonus of Sam Sales', '100');
    expect(changed('Hours of Sam Sales')).toBe('true');
    expect(changed('Bonus of Sam Sales')).toBe('true');
    expect(changed('Base rate of Sam Sales')).toBe('false');
    expect(changed('Hours of Dora Driver')).toBe('false');
    // 20 × 90 = $1,800 base; + $30 commission + $100 bonus + $45 reimbursement.
    expect(screen.getByTestId('base-pay-u-sales')).toHaveTextContent('$1,800.00');
    expect(screen.getByTestId('total-pay-u-sales')).toHaveTextContent('$1,975.00');
    expect(screen.getByTestId('payroll-total')).toHaveTextContent('Total pay $3,975.00');
    // Typing the saved value back is no change.
    await retype(user, 'Base rate of Dora Driver', '2000.00');
    expect(changed('Base rate of Dora Driver')).toBe('false');

    const reads = api.callsTo('GET', PERIOD_PATH).length;
    api.on('GET', PERIOD_PATH, {
      body: period({ users: [payrollRow({ hoursWorked: 90, bonus: 100 }), period().users[1]!] }),
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('POST', UPDATE('u-sales'))).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([UPDATE('u-sales')]);
    expect(api.callsTo('POST', UPDATE('u-sales'))[0]?.body).toMatchObject({
      id: 'u-sales',
      payType: 'HOURLY',
      baseRate: 20,
      hoursWorked: 90,
      bonus: 100,
    });
    // Not reloaded at once: a second later.
    expect(api.callsTo('GET', PERIOD_PATH)).toHaveLength(reads);
    await waitFor(() => expect(api.callsTo('GET', PERIOD_PATH).length).toBeGreaterThan(reads), { timeout: 3000 });
    await waitFor(() => expect(changed('Hours of Sam Sales')).toBe('false'));
    expect(box('Hours of Sam Sales')).toHaveValue('90');
  });

  it('switches the pay type and refuses a bad figure', async () => {
    const user = userEvent.setup();
    payrollApi();
    await openPage();
    const select = selectNamed('pay-type-u-sales');
    select.openDropdown();
    select.selectOptionByValue('SALARY', { expandToViewport: true });
    // Salary pays the base rate for the period: $20.
    await waitFor(() => expect(screen.getByTestId('base-pay-u-sales')).toHaveTextContent('$20.00'));
    await retype(user, 'Hours of Sam Sales', 'lots');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('submits the whole period after a confirmation', async () => {
    const user = userEvent.setup();
    const api = payrollApi();
    await openPage();
    await retype(user, 'Bonus of Dora Driver', '50');
    await user.click(screen.getByRole('button', { name: 'Submit Payroll' }));
    let confirm = await screen.findByRole('dialog', { name: 'Submit Payroll' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', SUBMIT)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Submit Payroll' }));
    confirm = await screen.findByRole('dialog', { name: 'Submit Payroll' });
    expect(confirm).toHaveTextContent('Submit the payroll of November 2026 (1st - 15th)?');
    await user.click(within(confirm).getByRole('button', { name: 'Submit Payroll' }));
    await waitFor(() => expect(api.callsTo('POST', SUBMIT)).toHaveLength(1));
    const body = api.callsTo('POST', SUBMIT)[0]?.body as { users: Array<{ id: string; bonus: number }> };
    expect(body.users.map((u) => [u.id, u.bonus])).toEqual([
      ['u-sales', 0],
      ['u-dora', 50],
    ]);
  });

  it('deletes the period after a confirmation', async () => {
    const user = userEvent.setup();
    const api = payrollApi();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete payroll' });
    expect(api.callsTo('DELETE', DELETE)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', DELETE)).toHaveLength(1));
  });

  it('shows a submitted period read-only with its status', async () => {
    const user = userEvent.setup();
    payrollApi().on('GET', PERIOD_PATH, {
      body: period({ status: 'SUBMITTED', submittedAt: '2026-11-16T09:00:00.000Z' }),
    });
    renderApp('/payroll', PAYROLL);
    expect(await screen.findByText(/Submitted Nov 16, 2026/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Hours of Sam Sales' })).not.toBeInTheDocument();
    for (const name of ['Save changes', 'Submit Payroll', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculate commission of Sam Sales' })).toHaveTextContent('View');
    await user.click(screen.getByRole('button', { name: 'Next period' }));
    await waitFor(() => expect(screen.getByText('November 2026 (16th - EOM)')).toBeInTheDocument());
  });

  it('asks before switching period with unsaved edits, and stays on Stay', async () => {
    const user = userEvent.setup();
    payrollApi();
    await openPage();
    await retype(user, 'Hours of Sam Sales', '12');
    await user.click(screen.getByRole('button', { name: 'Next period' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Stay' }));
    expect(box('Hours of Sam Sales')).toHaveValue('12');
    expect(screen.getByText('November 2026 (1st - 15th)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next period' }));
    const again = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByText('November 2026 (16th - EOM)')).toBeInTheDocument());
  });

  it('reads the period the picker names, months converted from the zero-based picker', async () => {
    const api = payrollApi().on('GET', '/api/db/payroll/get/2026/12/A', { body: period({ month: 12, users: [] }) });
    await openPage();
    const month = selectNamed('period-month');
    month.openDropdown();
    month.selectOptionByValue('11');
    await waitFor(() => expect(api.callsTo('GET', '/api/db/payroll/get/2026/12/A')).toHaveLength(1));
    expect(await screen.findByText('December 2026 (1st - 15th)')).toBeInTheDocument();
  });
});

describe('My commission', () => {
  it("opens a salesperson's own commission for the chosen period, read-only", async () => {
    const user = userEvent.setup();
    const api = withUsers(fakeApi()).on('GET', ELIGIBLE, { body: ORDERS }).on('GET', DRAFTS, { body: draft() });
    renderApp('/commission', SAM);
    // What payroll saved for the period, before opening anything.
    expect(await screen.findByTestId('my-commission-total', {}, { timeout: 5000 })).toHaveTextContent('$30.00');
    expect(screen.getByTestId('my-commission-orders')).toHaveTextContent('1');
    expect(screen.getByTestId('my-commission-status')).toHaveTextContent('Nothing saved yet');
    await user.click(await screen.findByRole('button', { name: 'Open my commission' }, { timeout: 5000 }));
    await screen.findByText('Orders To Be Paid (1)', {}, { timeout: 5000 });
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Calculate Commission: Sam Sales November 2026 (1st - 15th)');
    expect(dialog).toHaveTextContent('Read-only');
    expect(within(dialog).queryByRole('button', { name: 'Save to Payroll' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', ELIGIBLE)).toHaveLength(1);
  });

  it('shows a submitted period with its commission and when it was saved', async () => {
    withUsers(fakeApi()).on('GET', DRAFTS, {
      body: draft({
        status: 'SUBMITTED',
        lastSaved: '2026-11-16T09:00:00.000Z',
        paidOrders: [
          { orderId: 'o-1', orderNum: '2001', adjustedCost: null, commission: 12.35 },
          { orderId: 'o-2', orderNum: '2002', adjustedCost: 10, commission: 0.1 },
        ],
      }),
    });
    renderApp('/commission', SAM);
    expect(await screen.findByTestId('my-commission-total', {}, { timeout: 5000 })).toHaveTextContent('$12.45');
    expect(screen.getByTestId('my-commission-orders')).toHaveTextContent('2');
    expect(screen.getByTestId('my-commission-status')).toHaveTextContent('Submitted');
    expect(screen.getByText(/Nov 16, 2026/)).toBeInTheDocument();
  });
});
