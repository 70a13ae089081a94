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
});
