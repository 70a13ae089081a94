import type { Location } from '@bo/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, newPage, screenshot, signIn } from '../support/browser';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

let browser: Browser;
let page: Page;
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
const dockName = `Dock ${tag}`;
const spareName = `Spare Shelf ${tag}`;
let initialDefault: string;

const locations = async () =>
  (await call<Location[]>('GET', '/api/db/orders/getLocations', { token: await tokenFor('SALES') })).body;

beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  initialDefault = (await locations()).find((l) => l.isDefault)!.id;
  // The location this flow deletes.
  const spare = await call('POST', '/api/db/orders/addLocation', {
    token: await tokenFor('INVENTORY'),
    body: { name: spareName, color: '#9c755f' },
  });
  expect(spare.status).toBe(200);
});
afterAll(async () => {
  // Leave the seeded default as it was and remove what this flow created.
  const admin = await tokenFor('ADMIN');
  await call('PUT', `/api/db/orders/updateLocation/${initialDefault}`, { token: admin, body: { isDefault: true } });
  for (const l of await locations())
    if (l.name.endsWith(tag)) await call('DELETE', `/api/db/orders/removeLocation/${l.id}`, { token: admin });
  await browser?.close();
});

describe('an inventory user manages pickup locations in the browser', () => {
  it('adds a location, makes it the default, changes its color and deletes another after the confirmation', async () => {
    const { webUrl } = stackInfo();
    const inventory = userFor('INVENTORY');
    await signIn(page, webUrl, inventory.email, inventory.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    await page.getByRole('link', { name: 'Pickup locations' }).first().click();
    await page.getByRole('heading', { name: 'Pickup Locations', level: 1 }).waitFor();
    const table = page.getByRole('grid', { name: 'Pickup locations' });
    await table.getByRole('row', { name: /Main Warehouse/ }).waitFor();
    await expectAccessible(page, 'Pickup Locations');

    // Add: disabled until both a name and a color are present.
    const form = page.getByRole('form', { name: 'Add a location' });
    const add = form.getByRole('button', { name: 'Add location' });
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    await form.getByLabel('Location name').fill(dockName);
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    await form.getByRole('button', { name: 'Teal' }).click();
    await screenshot(page, 'locations-1-add');
    await add.click();
    await page.getByText(`Location ${dockName} added`).waitFor();
    const dock = table.getByRole('row', { name: new RegExp(dockName) });
    await dock.waitFor();

    // Make it the default.
    await dock.getByRole('radio', { name: 'Set as default location' }).click();
    await dock.getByRole('radio', { name: '(Default)' }).waitFor();
    await page.getByText(`${dockName} is the default location now`).waitFor();
    await table
      .getByRole('row', { name: /Main Warehouse/ })
      .getByRole('radio', { name: 'Set as default location' })
      .waitFor();

    // Change its color in place.
    await dock.getByRole('button', { name: `Edit color of ${dockName}` }).click();
    // Any color through the browser's picker (the ten presets are buttons beside it).
    await dock.getByLabel(`Custom color for ${dockName}`).fill('#1d8102');
    await dock.scrollIntoViewIfNeeded();
    await screenshot(page, 'locations-2-edit-color');
    await expectAccessible(page, 'Pickup Locations, editing a color');
    await dock.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Color of ${dockName} changed`).waitFor();
    await dock.getByText('#1d8102').waitFor();

    // Delete another location, after the confirmation.
    await table.getByRole('button', { name: `Delete ${spareName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete location' });
    await dialog.getByText(`Are you sure you want to delete the ${spareName} location?`).waitFor();
    await expectAccessible(page, 'Delete location confirmation');
    await screenshot(page, 'locations-3-confirm-delete');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Location ${spareName} deleted`).waitFor();
    await table.getByRole('row', { name: new RegExp(spareName) }).waitFor({ state: 'detached' });
    await screenshot(page, 'locations-4-after');

    // What the screen showed is what the API holds.
    const now = await locations();
    const saved = now.find((l) => l.name === dockName);
    expect(saved).toMatchObject({ color: '#1d8102', isDefault: true });
    expect(now.filter((l) => l.isDefault)).toHaveLength(1);
    expect(now.some((l) => l.name === spareName)).toBe(false);
  });

  it('is read-only for sales', async () => {
    const { webUrl } = stackInfo();
    const sales = userFor('SALES');
    const other = await newPage(browser);
    await signIn(other, webUrl, sales.email, sales.password);
    await other.getByRole('heading', { name: /Welcome/ }).waitFor();
    await other.goto(`${webUrl}/locations`);
    const table = other.getByRole('table', { name: 'Pickup locations' });
    await table.getByRole('row', { name: /Main Warehouse/ }).waitFor();
    await other.getByText(/Purchasing, inventory and admin staff add, change and delete them/).waitFor();
    expect(await other.getByRole('form', { name: 'Add a location' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await expectAccessible(other, 'Pickup Locations (read-only)');
    await screenshot(other, 'locations-5-read-only');
    await other.context().close();
  });
});
