import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, signIn } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import type { User } from '@bo/shared';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { TEST_CALLER_STATE_TTL } from '../support/caller-state-ttl';

let browser: Browser;
let page: Page;
useBrowserPage((p, b) => {
  page = p;
  browser = b;
});

describe('an admin manages users in the browser', () => {
  it('signs in and lands on the home page', async () => {
    const { webUrl } = stackInfo();
    const admin = userFor('ADMIN');
    await page.goto(webUrl);
    await expectAccessible(page, 'sign-in page');
    await signIn(page, webUrl, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Welcome, Ada Admin' }).waitFor();
    await expectAccessible(page, 'home page');
  });

  it('opens Users, changes a title, and sees the change in the Change Log', async () => {
    await page.getByRole('link', { name: 'Users', exact: true }).first().click();
    await page.getByRole('heading', { name: /Users/ }).first().waitFor();
    await page.getByText('Sam Sales').first().waitFor();
    await expectAccessible(page, 'users page');

    await page.getByText('Sam Sales').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').waitFor();
    await expectAccessible(page, 'EditUser dialog');
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    await dialog.getByLabel('Title').fill('Senior Account Executive');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('User updated successfully').waitFor();
    await page
      .getByRole('row', { name: /Sam Sales/ })
      .getByText('Senior Account Executive')
      .waitFor();

    await page.getByText('Sam Sales').first().click();
    const log = page.getByRole('region', { name: 'Change log entries' });
    await log.getByText('Senior Account Executive').waitFor();
    expect(await log.textContent()).toContain('Account Executive');
    await screenshot(page, 'users-change-log');
  });

  it('assigns a brand and a customer to a user from the searchable pickers', async () => {
    const dialog = page.getByRole('dialog');
    // The previous step leaves Sam Sales' dialog open on its change log.
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Sam Sales').first().click();
    const brands = dialog.getByRole('button', { name: /Assigned brands/ });
    await brands.waitFor();
    await brands.click();
    await page.getByPlaceholder('Find brands').fill('Acme');
    await page.getByRole('option', { name: 'Acme Farms' }).click();
    // Clicking outside closes the dropdown (Escape would close the dialog as well).
    await dialog.getByRole('heading').first().click();
    const customers = dialog.getByRole('button', { name: /Assigned customers/ });
    await customers.click();
    await page.getByPlaceholder('Find customers').fill('herbal');
    await page.getByRole('option', { name: 'The Herbal Path' }).click();
    await expectAccessible(page, 'EditUser assignment picker');
    await screenshot(page, 'users-edit-assignments');
    await dialog.getByRole('heading').first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User updated successfully').first().waitFor();

    await page.getByText('Sam Sales').first().click();
    await dialog.getByText('Acme Farms', { exact: true }).waitFor();
    await dialog.getByText('The Herbal Path', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows a member their own profile read-only until Edit', async () => {
    const sales = userFor('SALES');
    const other = await newPage(browser);
    await signIn(other, stackInfo().webUrl, sales.email, sales.password);
    await other.getByRole('heading', { name: /Welcome/ }).waitFor();
    await other.goto(`${stackInfo().webUrl}/profile`);
    const name = other.getByLabel('Name');
    await name.waitFor();
    expect(await name.isEditable()).toBe(false);
    await other.getByRole('button', { name: 'Edit' }).click();
    expect(await name.isEditable()).toBe(true);
    await expectAccessible(other, 'profile editor');
    await screenshot(other, 'profile-editor');
    await other.context().close();
  });

  it('disables a signed-in member: the admin confirms, and the member is signed out with the reason', async () => {
    const { webUrl } = stackInfo();
    const admin = await tokenFor('ADMIN');
    const email = `e2e-disable-${Date.now()}@example.com`;
    const created = await call<{ user: User }>('POST', '/api/db/users/addNew', {
      token: admin,
      body: { name: 'Dee Member', email, role: ['SALES'] },
    });
    await call('PUT', `/api/db/users/updatePassword/${created.body.user.id}`, {
      token: admin,
      body: { password: 'Start!2345' },
    });
    const member = await newPage(browser);
    await signIn(member, webUrl, email, 'Start!2345');
    await member.getByRole('heading', { name: 'Welcome, Dee Member' }).waitFor();

    await page.goto(`${webUrl}/users`);
    const row = page.getByRole('row', { name: /Dee Member/ });
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Disable Dee Member' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable user' });
    await confirm.getByText(/signed out everywhere/).waitFor();
    await expectAccessible(page, 'Disable user confirmation');
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Dee Member was disabled and signed out everywhere').waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await screenshot(page, 'users-disabled');

    // The member's next request after the state cache's TTL is refused: the app signs out and says why.
    const notice = member.getByText('Your account is disabled; ask an admin to enable it');
    const deadline = Date.now() + (TEST_CALLER_STATE_TTL + 20) * 1000;
    while (!(await notice.isVisible())) {
      expect(Date.now(), 'the member was not signed out in time').toBeLessThan(deadline);
      await member.reload();
      await Promise.race([
        notice.waitFor({ timeout: 5000 }),
        member.getByRole('heading', { name: 'Welcome, Dee Member' }).waitFor({ timeout: 5000 }),
      ]).catch(() => undefined);
    }
    await member.getByText('You have been signed out').waitFor();
    await member.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(member, 'sign-in page after a disable');
    await screenshot(member, 'signed-out-disabled');
    await member.context().close();

    await row.getByRole('button', { name: 'Enable Dee Member' }).click();
    await page.getByRole('dialog', { name: 'Enable user' }).getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Dee Member was enabled and can sign in again').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
  });
});
