import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage, screenshot, signIn } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { stackInfo, userFor } from '../support/stack';

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
});
