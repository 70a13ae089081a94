import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './helpers';
import {
  PAYROLL,
  period,
  PERIOD_PATH,
  preloadPayroll,
  REIMBURSEMENTS,
  renderHarness,
  withUsers,
} from './payroll-fixtures';

type User = ReturnType<typeof userEvent.setup>;

beforeAll(preloadPayroll);
afterEach(() => vi.unstubAllGlobals());

async function open(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open reimbursements' }));
  await screen.findByRole('textbox', { name: 'Description 1' }, { timeout: 5000 });
  return screen.getByRole('dialog', { name: 'Manage Reimbursements' });
}

const total = (dialog: HTMLElement) => within(dialog).getByTestId('reimbursement-total').textContent;

describe('Manage Reimbursements', () => {
  it("starts from the row's saved details, keeps a running Total, and removes with X only above one row", async () => {
    const user = userEvent.setup();
    const api = withUsers(fakeApi())
      .on('GET', PERIOD_PATH, { body: period() })
      .on('POST', REIMBURSEMENTS, { body: period() });
    renderHarness(PAYROLL);
    const dialog = await open(user);

    expect(within(dialog).getByRole('textbox', { name: 'Description 1' })).toHaveValue('Mileage');
    expect(within(dialog).getByRole('textbox', { name: 'Amount 2' })).toHaveValue('5');
    expect(total(dialog)).toBe('Total: $45.00');

    await user.click(within(dialog).getByRole('button', { name: '+ Add' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description 3' }), 'Lunch with Green Leaf');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount 3' }), '12.50');
    expect(total(dialog)).toBe('Total: $57.50');

    await user.click(within(dialog).getByRole('button', { name: 'Remove row 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove row 1' }));
    expect(total(dialog)).toBe('Total: $12.50');
    // One row left: no X.
    expect(within(dialog).queryByRole('button', { name: /Remove row/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '+ Add' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description 2' }), 'Tolls');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount 2' }), '3');
    expect(total(dialog)).toBe('Total: $15.50');

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', REIMBURSEMENTS).map((c) => c.body)).toEqual([
      [
        { description: 'Lunch with Green Leaf', amount: 12.5 },
        { description: 'Tolls', amount: 3 },
      ],
    ]);
  });

  it('asks before closing with typed changes; closes at once when nothing changed', async () => {
    const user = userEvent.setup();
    withUsers(fakeApi()).on('GET', PERIOD_PATH, { body: period() });
    renderHarness(PAYROLL);
    let dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount 2' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a row without a description or with a bad amount, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = withUsers(fakeApi()).on('GET', PERIOD_PATH, {
      body: period({ users: [period().users[1]!] }),
    });
    renderHarness(PAYROLL);
    await user.click(await screen.findByRole('button', { name: 'Open reimbursements' }));
    // Sam has no row in this period: one blank row to start.
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Manage Reimbursements' }));
    const amount = await within(dialog).findByRole('textbox', { name: 'Amount 1' });
    expect(amount).toHaveValue('');
    expect(total(dialog)).toBe('Total: $0.00');
    await user.type(amount, '-4');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount cannot be negative')).toBeInTheDocument();
    expect(api.callsTo('POST', REIMBURSEMENTS)).toEqual([]);
  });

  it('shows a submitted period read-only', async () => {
    const user = userEvent.setup();
    withUsers(fakeApi()).on('GET', PERIOD_PATH, { body: period({ status: 'SUBMITTED' }) });
    renderHarness(PAYROLL);
    const dialog = await open(user);
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: '+ Add' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove row/ })).not.toBeInTheDocument();
  });
});
