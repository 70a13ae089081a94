import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadLazyModules, fakeApi, makeSession, makeUser, renderApp } from './helpers';

beforeAll(preloadLazyModules);
afterEach(() => vi.unstubAllGlobals());

const ADMIN = makeSession({ userId: 'u-admin', email: 'ada@example.com', name: 'Ada Admin', roles: ['ADMIN'] });
const USERS = [
  makeUser({ id: 'u-admin', name: 'Ada Admin', email: 'ada@example.com', role: ['ADMIN'], title: 'Owner' }),
  makeUser({ id: 'u-2', name: 'Ben Seller', email: 'ben@example.com', role: ['SALES'], title: 'Sales rep' }),
  makeUser({ id: 'u-3', name: 'Cleo Driver', email: 'cleo@example.com', role: ['DRIVER', 'INVENTORY'], title: '' }),
];

async function openUsers(session = ADMIN, res: unknown[] = USERS) {
  const api = fakeApi().on('GET', '/api/db/users/getAll', { body: { res } });
  renderApp('/users', session);
  // Keyboard navigation makes the table a grid.
  const table = await screen.findByRole('grid', { name: 'Users' });
  return { api, table };
}

const rowNames = (_table: HTMLElement) => {
  const table = createWrapper().findTable()!;
  return table.findRows().map((_, i) => table.findBodyCell(i + 1, 1)?.getElement().textContent);
};

describe('Users page', () => {
  it('lists users with email, role badges and title for admins', async () => {
    const { table } = await openUsers();
    await within(table).findByText('Ben Seller');
    expect(rowNames(table)).toEqual(['Ada Admin', 'Ben Seller', 'Cleo Driver']);
    expect(within(table).getByText('ben@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Driver')).toBeInTheDocument();
    expect(within(table).getByText('Inventory')).toBeInTheDocument();
    expect(within(table).getByText('Sales rep')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
  });

  it('filters by text (name, email, title or role) and offers to clear a filter with no match', async () => {
    const user = userEvent.setup();
    const { table } = await openUsers();
    await within(table).findByText('Ben Seller');
    const filter = screen.getByRole('searchbox', { name: 'Filter users' });

    await user.type(filter, 'driver');
    await waitFor(() => expect(rowNames(table)).toEqual(['Cleo Driver']));
    expect(screen.getAllByText('1 match')[0]).toBeInTheDocument();

    await user.clear(filter);
    await user.type(filter, 'SALES REP');
    await waitFor(() => expect(rowNames(table)).toEqual(['Ben Seller']));

    await user.clear(filter);
    await user.type(filter, 'nobody');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(rowNames(table)).toHaveLength(3));
  });

  it("shows 'No users' for an empty list", async () => {
    await openUsers(ADMIN, []);
    expect(await screen.findByText('No users')).toBeInTheDocument();
  });

  it('shows summaries to non-admins: no email column, no Add user, their own row links to the profile', async () => {
    const session = makeSession({ userId: 'u-2', name: 'Ben Seller', roles: ['SALES'] });
    const summaries = USERS.map(({ id, name, role, title }) => ({ id, name, role, title }));
    const { table } = await openUsers(session, summaries);
    await within(table).findByText('Ada Admin');
    expect(within(table).queryByRole('columnheader', { name: /Email/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Status/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ben Seller (you)' })).toHaveAttribute('href', '/profile');
  });

  it('adds a user and shows the temporary password', async () => {
    const user = userEvent.setup();
    const { api } = await openUsers();
    api.on('POST', '/api/db/users/addNew', (call) => ({
      status: 201,
      body: { user: makeUser({ id: 'u-new', ...(call.body as object) }), temporaryPassword: 'Temp-Pass-123' },
    }));

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/users/addNew')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Dana New');
    await user.type(within(dialog).getByLabelText('Email'), 'dana@example.com');
    const roles = createWrapper(dialog).findMultiselect()!;
    roles.openDropdown();
    roles.selectOptionByValue('PAYROLL');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

    expect(await screen.findByText('Temp-Pass-123')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/db/users/addNew')[0]?.body).toEqual({
      name: 'Dana New',
      email: 'dana@example.com',
      role: ['PAYROLL'],
    });
    expect(screen.getByRole('button', { name: 'Copy temporary password' })).toBeInTheDocument();
  });

  it('shows each user’s status to admins, and a Disable for everyone but themself', async () => {
    const { table } = await openUsers(ADMIN, [...USERS.slice(0, 2), { ...USERS[2]!, status: 'DISABLED' }]);
    await within(table).findByText('Ben Seller');
    expect(within(table).getByRole('columnheader', { name: /Status/ })).toBeInTheDocument();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Disable Ben Seller' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Enable Cleo Driver' })).toBeEnabled();
    // One's own account cannot be disabled (the API refuses it too).
    expect(within(table).getByRole('button', { name: 'Disable Ada Admin' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('disables a user after the confirmation, reports it in the Flashbar and shows the new status', async () => {
    const user = userEvent.setup();
    let ben = USERS[1]!;
    const { api, table } = await openUsers();
    api.on('GET', '/api/db/users/getAll', () => ({ body: { res: [USERS[0], ben, USERS[2]] } }));
    api.on('PUT', '/api/db/users/disable/u-2', () => {
      ben = { ...ben, status: 'DISABLED' };
      return { body: ben };
    });
    await within(table).findByText('Ben Seller');

    await user.click(within(table).getByRole('button', { name: 'Disable Ben Seller' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable user' });
    expect(within(confirm).getByText(/signed out everywhere and cannot sign in/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/db/users/disable/u-2')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Disable Ben Seller' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disable user' })).getByRole('button', { name: 'Disable' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/db/users/disable/u-2')).toHaveLength(1);
    expect(await screen.findByText('Ben Seller was disabled and signed out everywhere')).toBeInTheDocument();
    expect(await within(table).findByRole('button', { name: 'Enable Ben Seller' })).toBeInTheDocument();
    expect(within(table).getByText('Disabled')).toBeInTheDocument();
  });

  it('enables a disabled user after the confirmation; a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    const cleo = { ...USERS[2]!, status: 'DISABLED' as const };
    const { api, table } = await openUsers(ADMIN, [USERS[0], USERS[1], cleo]);
    api.on('PUT', '/api/db/users/enable/u-3', { status: 503, body: { message: 'A service did not answer in time' } });
    await within(table).findByText('Cleo Driver');

    await user.click(within(table).getByRole('button', { name: 'Enable Cleo Driver' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enable user' });
    await user.click(within(confirm).getByRole('button', { name: 'Enable' }));
    expect(await within(confirm).findByText('A service did not answer in time')).toBeInTheDocument();

    api.on('PUT', '/api/db/users/enable/u-3', { body: { ...cleo, status: 'ACTIVE' } });
    await user.click(within(confirm).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Cleo Driver was enabled and can sign in again')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/users/enable/u-3')).toHaveLength(2);
  });

  it('shows the Status and Actions columns even with column settings saved before they existed', async () => {
    window.localStorage.setItem(
      'bo.users.table.preferences',
      JSON.stringify({
        pageSize: 25,
        contentDisplay: ['name', 'email', 'role', 'title'].map((id) => ({ id, visible: true })),
      }),
    );
    try {
      const { table } = await openUsers();
      await within(table).findByText('Ben Seller');
      expect(within(table).getByRole('columnheader', { name: /Status/ })).toBeInTheDocument();
      expect(within(table).getByRole('columnheader', { name: /Actions/ })).toBeInTheDocument();
    } finally {
      window.localStorage.removeItem('bo.users.table.preferences');
    }
  });
});
