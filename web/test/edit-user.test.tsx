import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_TAKEN, type Customer } from '@bo/shared';
import { makeBrand } from './brands-fixtures';
import { preloadLazyModules, fakeApi, makeSession, makeUser, renderApp } from './helpers';

beforeAll(preloadLazyModules);
afterEach(() => vi.unstubAllGlobals());

const ADMIN = makeSession({ userId: 'u-admin', email: 'ada@example.com', name: 'Ada Admin', roles: ['ADMIN'] });
const BEN = makeUser({ id: 'u-2', name: 'Ben Seller', email: 'ben@example.com', role: ['SALES'], userBrands: ['b-1'] });
const ADA = makeUser({ id: 'u-admin', name: 'Ada Admin', email: 'ada@example.com', role: ['ADMIN'] });
const BRANDS = [makeBrand({ id: 'b-1', name: 'Acme' }), makeBrand({ id: 'b-2', name: 'Bolt' })];
const customer = (id: string, customerName: string) => ({ id, customerName }) as Customer;
const CUSTOMERS = [customer('c-1', 'Green Leaf'), customer('c-2', 'Harbor View'), customer('c-3', 'Kestrel')];

function setup() {
  let users = [ADA, BEN];
  const api = fakeApi()
    .on('GET', '/api/db/users/getAll', () => ({ body: { res: users } }))
    .on('GET', '/api/db/users/getById/u-2', { body: BEN })
    .on('GET', '/api/db/changelog/getAll/user/u-2', { body: { entries: [], cursor: null } })
    .on('GET', '/api/db/brands/getAll', { body: { res: BRANDS } })
    .on('GET', '/api/db/customers/getAll', { body: CUSTOMERS })
    .on('DELETE', '/api/db/users/remove/u-2', () => {
      users = users.filter((u) => u.id !== 'u-2');
      return { body: { ok: true } };
    })
    .on('PUT', '/api/db/users/update/u-2', (call) => ({ body: { ...BEN, ...(call.body as object) } }));
  renderApp('/users', ADMIN);
  return api;
}

const picker = (dialog: HTMLElement, label: string) => {
  const field = createWrapper(dialog)
    .findAllFormFields()
    .find((f) => f.findLabel()?.getElement().textContent === label);
  if (!field) throw new Error(`No field ${label}`);
  return field.findControl()!.findMultiselect()!;
};
/** The pickers' dropdowns expand to the viewport (outside the dialog). */
const PORTAL = { expandToViewport: true };
const tokens = (multiselect: ReturnType<typeof picker>) =>
  multiselect.findTokens().map((t) => t.findLabel().getElement().textContent);

async function openEditUser() {
  const user = userEvent.setup();
  const api = setup();
  await user.click(await screen.findByRole('button', { name: 'Edit Ben Seller' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit user: Ben Seller' });
  await within(dialog).findByLabelText('Email');
  return { user, api, dialog };
}

describe('EditUser dialog', () => {
  it('opens from the name link with the form, the assignments by name, and the change log', async () => {
    const { dialog } = await openEditUser();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ben@example.com');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const brands = picker(dialog, 'Assigned brands');
    await waitFor(() => expect(tokens(brands)).toEqual(['Acme']));
    expect(tokens(picker(dialog, 'Assigned customers'))).toEqual([]);
    expect(await within(dialog).findByText('No changes recorded')).toBeInTheDocument();
  });

  it("sets someone else's password without asking for the current one (an admin's reset)", async () => {
    const { user, api, dialog } = await openEditUser();
    api.on('PUT', '/api/db/users/updatePassword/u-2', { body: { ok: true } });
    const section = within(dialog).getByRole('form', { name: 'Set password' });
    expect(within(section).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText('New password'), 'Fresh!2345');
    await user.type(within(section).getByLabelText('Confirm new password'), 'Fresh!2345');
    await user.click(within(section).getByRole('button', { name: 'Update password' }));
    expect(await within(section).findByText('Password updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/users/updatePassword/u-2')[0]?.body).toEqual({ password: 'Fresh!2345' });
  });

  it('assigns brands and customers from searchable pickers and saves them with users/update', async () => {
    const { user, api, dialog } = await openEditUser();
    const brands = picker(dialog, 'Assigned brands');
    await waitFor(() => expect(tokens(brands)).toEqual(['Acme']));
    brands.openDropdown();
    brands.selectOptionByValue('b-2', PORTAL);
    expect(tokens(brands)).toEqual(['Acme', 'Bolt']);

    const customers = picker(dialog, 'Assigned customers');
    customers.openDropdown();
    await user.type(customers.findFilteringInput(PORTAL)!.findNativeInput().getElement(), 'harb');
    const shown = customers
      .findDropdown(PORTAL)
      .findOptions()
      .map((o) => o.getElement().textContent);
    expect(shown).toEqual(['Harbor View']);
    customers.selectOptionByValue('c-2', PORTAL);
    expect(tokens(customers)).toEqual(['Harbor View']);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/db/users/update/u-2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/db/users/update/u-2')[0]?.body).toEqual({
      userBrands: ['b-1', 'b-2'],
      userCustomers: ['c-2'],
    });
  });

  it('saves only what changed (keeping assignments out of the body when unchanged)', async () => {
    const { user, api, dialog } = await openEditUser();
    await user.type(within(dialog).getByLabelText('Title'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit user/ })).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/db/users/update/u-2')[0]?.body).toEqual({ title: 'Account manager!' });
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });

  it("shows the server's message when the email belongs to another user (409) and stays open", async () => {
    const { user, api, dialog } = await openEditUser();
    api.on('PUT', '/api/db/users/update/u-2', { status: 409, body: { message: EMAIL_TAKEN } });
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(`Update failed. ${EMAIL_TAKEN}`)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/users/update/u-2')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('deletes a user only after the Confirmation dialog, then closes and refreshes the list', async () => {
    const { user, api, dialog } = await openEditUser();

    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(confirm).getByText(/They will no longer be able to sign in/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/db/users/remove/u-2')).toHaveLength(0);

    // Cancel keeps the user.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete user' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/db/users/remove/u-2')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    const again = await screen.findByRole('dialog', { name: 'Delete user' });
    const listCalls = api.callsTo('GET', '/api/db/users/getAll').length;
    await user.click(within(again).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/db/users/remove/u-2')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/db/users/getAll').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByText('Ben Seller')).not.toBeInTheDocument());
    expect(screen.getByText('Ben Seller was deleted')).toBeInTheDocument();
  });

  it('keeps the dialogs open and shows the error when the delete fails', async () => {
    const { user, api, dialog } = await openEditUser();
    api.on('DELETE', '/api/db/users/remove/u-2', { status: 409, body: { message: 'User has open orders' } });

    await user.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete user' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await within(confirm).findByText('User has open orders')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit user: Ben Seller' })).toBeInTheDocument();
  });
});
