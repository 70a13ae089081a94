import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_REFUSAL,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
} from '@bo/shared';
import { ALL_ROLES, preloadLazyModules, fakeApi, makeSession, makeUser, renderApp } from './helpers';

beforeAll(preloadLazyModules);
afterEach(() => vi.unstubAllGlobals());

const USER_PATH = '/api/db/users/getById/u-self';
const UPDATE_PATH = '/api/db/users/update/u-self';

async function openProfile(session = makeSession(), user = makeUser()) {
  const api = fakeApi()
    .on('GET', USER_PATH, { body: user })
    .on('PUT', UPDATE_PATH, (call) => ({ body: { ...user, ...(call.body as object) } }));
  const view = renderApp('/profile', session);
  const form = await screen.findByRole('form', { name: 'Profile' });
  return { api, view, form };
}

describe('Profile editor', () => {
  it('starts read-only; Edit enables editing; Save is disabled without changes', async () => {
    const user = userEvent.setup();
    const { form } = await openProfile();

    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('Morgan Self');
    expect(name).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('readonly');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    // Typing the same value back is still "no change".
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Account manager');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('sends only the changed fields, then shows the success message and leaves edit mode', async () => {
    const user = userEvent.setup();
    const { api, form } = await openProfile();

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Sales lead');
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await within(form).findByText('User updated successfully')).toBeInTheDocument();
    const [update] = api.callsTo('PUT', UPDATE_PATH);
    expect(update?.body).toEqual({ title: 'Sales lead' });
    expect(within(form).getByLabelText('Title')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Title')).toHaveValue('Sales lead');
    expect(within(form).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("shows 'Update failed.' when the server refuses", async () => {
    const user = userEvent.setup();
    const { api, form } = await openProfile();
    api.on('PUT', UPDATE_PATH, { status: 500, body: { message: 'Internal error' } });

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.type(within(form).getByLabelText('Name'), ' Jr');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText(/Update failed\./)).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('readonly');
  });

  it("shows 'Failed to load user data.' when the profile cannot be loaded", async () => {
    fakeApi().on('GET', USER_PATH, { status: 500, body: { message: 'boom' } });
    renderApp('/profile');
    expect(await screen.findByText('Failed to load user data.')).toBeInTheDocument();
  });

  it('shows roles read-only to non-admins', async () => {
    const user = userEvent.setup();
    const { form } = await openProfile();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    expect(createWrapper(form).findMultiselect()).toBeNull();
    expect(within(form).getByText('Sales')).toBeInTheDocument();
  });

  it('keeps the email read-only for non-admins, saying why; an admin edits their own', async () => {
    const user = userEvent.setup();
    const { form, view } = await openProfile();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(form).getByText(EMAIL_CHANGE_REFUSAL)).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).not.toHaveAttribute('readonly');
    view.unmount();

    const admin = await openProfile(makeSession({ roles: ['ADMIN'] }), makeUser({ role: ['ADMIN'] }));
    await user.click(within(admin.form).getByRole('button', { name: 'Edit' }));
    expect(within(admin.form).getByLabelText('Email')).not.toHaveAttribute('readonly');
    expect(within(admin.form).queryByText(EMAIL_CHANGE_REFUSAL)).not.toBeInTheDocument();
  });

  it("lets an admin pick 'All roles', which selects every role, and saves them", async () => {
    const user = userEvent.setup();
    const admin = makeSession({ roles: ['ADMIN'] });
    const { api, form } = await openProfile(admin, makeUser({ role: ['ADMIN'] }));

    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    const roles = createWrapper(form).findMultiselect()!;
    roles.openDropdown();
    roles.selectOptionByValue('all');

    const tokens = roles.findTokens().map((t) => t.getElement().textContent);
    expect(tokens).toEqual(['Admin', 'Sales', 'Purchasing', 'Inventory', 'Payroll', 'Driver']);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('User updated successfully');
    expect(api.callsTo('PUT', UPDATE_PATH)[0]?.body).toEqual({ role: ALL_ROLES });
  });
});

describe('Password change', () => {
  it("asks for the current password and follows the pool's policy, shown before sending", async () => {
    const user = userEvent.setup();
    const { api } = await openProfile();
    api.on('PUT', '/api/db/users/updatePassword/u-self', { body: { ok: true } });
    const section = screen.getByRole('form', { name: 'Change password' });
    const button = within(section).getByRole('button', { name: 'Update password' });
    const current = within(section).getByLabelText('Current password');
    const password = within(section).getByLabelText('New password');
    const confirmation = within(section).getByLabelText('Confirm new password');

    expect(button).toBeDisabled();
    // The policy is on screen from the start, and in red once a new password breaks it (the spec's 4 do).
    expect(within(section).getByText(PASSWORD_POLICY_MESSAGE)).toBeInTheDocument();
    await user.type(password, 'abcd');
    await user.type(confirmation, 'abcd');
    expect(button).toBeDisabled();
    expect(within(section).getAllByText(PASSWORD_POLICY_MESSAGE)).toHaveLength(2);

    await user.type(password, 'efgh');
    expect(button).toBeDisabled();
    expect(within(section).getByText(PASSWORD_MISMATCH_MESSAGE)).toBeInTheDocument();
    await user.type(confirmation, 'efgh');
    expect(within(section).queryByText(PASSWORD_MISMATCH_MESSAGE)).not.toBeInTheDocument();
    // Without the current password nothing is sent.
    expect(button).toBeDisabled();
    await user.type(current, 'Old!23456');
    expect(button).toBeEnabled();

    await user.click(button);
    expect(await within(section).findByText('Password updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/db/users/updatePassword/u-self')[0]?.body).toEqual({
      password: 'abcdefgh',
      currentPassword: 'Old!23456',
    });
    await waitFor(() => expect(password).toHaveValue(''));
    expect(current).toHaveValue('');
  });

  it("shows the server's error text, or 'Password update failed.'", async () => {
    const user = userEvent.setup();
    const { api } = await openProfile();
    const section = screen.getByRole('form', { name: 'Change password' });
    const fill = async () => {
      await user.clear(within(section).getByLabelText('Current password'));
      await user.clear(within(section).getByLabelText('New password'));
      await user.clear(within(section).getByLabelText('Confirm new password'));
      await user.type(within(section).getByLabelText('Current password'), 'old-secret');
      await user.type(within(section).getByLabelText('New password'), 'secret-new');
      await user.type(within(section).getByLabelText('Confirm new password'), 'secret-new');
      await user.click(within(section).getByRole('button', { name: 'Update password' }));
    };

    api.on('PUT', '/api/db/users/updatePassword/u-self', {
      status: 403,
      body: { message: CURRENT_PASSWORD_WRONG },
    });
    await fill();
    expect(await within(section).findByText(CURRENT_PASSWORD_WRONG)).toBeInTheDocument();

    api.on('PUT', '/api/db/users/updatePassword/u-self', { status: 500 });
    await fill();
    expect(await within(section).findByText('Password update failed.')).toBeInTheDocument();
  });
});
