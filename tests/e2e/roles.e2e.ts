import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@bo/shared';
import { expectAccessible, launch, newPage, screenshot, signIn } from '../support/browser';
import { stackInfo, userFor } from '../support/stack';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CATALOGUE = ['Products', 'Brands', 'Inventory overview', 'Pickup locations'];

/** The page heading each navigation entry leads to. */
const HEADINGS: Record<string, RegExp> = {
  Products: /^Products/,
  Brands: /^Brands/,
  'Inventory overview': /^Inventory overview/,
  'Pickup locations': /^Pickup Locations/,
  Customers: /^Customers/,
  Orders: /^Orders/,
  'My deliveries': /^My deliveries/,
  'Deliveries board': /^Deliveries board/,
  Returns: /^Returns/,
  Payments: /^Payments/,
  Receivables: /^Receivables/,
  Collections: /^Collections/,
  'Accounting exports': /^Accounting exports/,
  Sales: /^Sales/,
  Purchasing: /^Purchasing/,
  Commission: /^Commission/,
  Inventory: /^Inventory$/,
  'Receivables & DSO': /^Receivables & DSO/,
  'Purchase orders': /^Purchase orders/,
  Payroll: /^Payroll/,
  'My commission': /^My commission/,
  Imports: /^Imports/,
  Users: /^Users/,
  'My profile': /^Profile/,
};

interface RolePlan {
  /** Exactly the navigation entries this role sees, in order (ARCHITECTURE.md's role matrix). */
  nav: string[];
  /** Buttons that must not be offered on any page this role walks (their routes would answer 403). */
  notOffered: Array<string | RegExp>;
  /** Buttons this role must find on the page named (its own work is still there). */
  offered: Array<[page: string, button: string]>;
  /** A page of the app this role may not use, opened by its address (none for ADMIN). */
  forbidden?: { path: string; title: string };
}

const PLANS: Record<Role, RolePlan> = {
  ADMIN: {
    nav: [
      ...CATALOGUE,
      'Customers',
      'Orders',
      'My deliveries',
      'Deliveries board',
      'Returns',
      'Payments',
      'Receivables',
      'Collections',
      'Accounting exports',
      'Sales',
      'Purchasing',
      'Commission',
      'Inventory',
      'Receivables & DSO',
      'Purchase orders',
      'Payroll',
      'My commission',
      'Imports',
      'Users',
      'My profile',
    ],
    notOffered: [],
    offered: [
      ['Users', 'Add user'],
      ['Customers', 'Add customer'],
      ['Products', 'Add product'],
      ['Orders', 'New order'],
      ['Purchase orders', 'New purchase order'],
      ['Payments', 'Record payment'],
    ],
  },
  SALES: {
    nav: [
      ...CATALOGUE,
      'Customers',
      'Orders',
      'Deliveries board',
      'Returns',
      'Payments',
      'Receivables',
      'Collections',
      'Sales',
      'My commission',
      'Imports',
      'Users',
      'My profile',
    ],
    notOffered: ['Add product', 'Add brand', 'Edit brands', 'Add user', /^Edit stock limits/],
    offered: [
      ['Customers', 'Add customer'],
      ['Orders', 'New order'],
      ['Payments', 'Record payment'],
    ],
    forbidden: { path: '/deliveries', title: 'My deliveries' },
  },
  PURCHASING: {
    nav: [
      ...CATALOGUE,
      'Orders',
      'Purchasing',
      'Inventory',
      'Purchase orders',
      'My commission',
      'Imports',
      'Users',
      'My profile',
    ],
    notOffered: ['New order', 'Add customer', 'Add user'],
    offered: [
      ['Products', 'Add product'],
      ['Brands', 'Add brand'],
      ['Purchase orders', 'New purchase order'],
    ],
    forbidden: { path: '/customers', title: 'Customers' },
  },
  INVENTORY: {
    nav: [
      ...CATALOGUE,
      'Orders',
      'Deliveries board',
      'Returns',
      'Purchasing',
      'Inventory',
      'Purchase orders',
      'My commission',
      'Users',
      'My profile',
    ],
    notOffered: ['New order', 'Add customer', 'Add user', 'New purchase order'],
    offered: [['Products', 'Add product']],
    forbidden: { path: '/customers', title: 'Customers' },
  },
  PAYROLL: {
    nav: [
      ...CATALOGUE,
      'Payments',
      'Receivables',
      'Accounting exports',
      'Commission',
      'Payroll',
      'My commission',
      'Users',
      'My profile',
    ],
    notOffered: [
      'Add product',
      'Add brand',
      'Add customer',
      'New order',
      'Add user',
      /^Edit stock limits/,
      'Record payment',
      /^Edit payment/,
      /^Record a payment/,
    ],
    offered: [],
    forbidden: { path: '/orders', title: 'Orders' },
  },
  DRIVER: {
    nav: [...CATALOGUE, 'My deliveries', 'My commission', 'Users', 'My profile'],
    notOffered: ['Add product', 'Add brand', 'Add customer', 'New order', 'Add user', /^Edit stock limits/],
    offered: [],
    forbidden: { path: '/customers', title: 'Customers' },
  },
};

/** Every answer the API refused with 403 while `page` was open: a screen asked for what its role may not have. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /\b403\b/.test(message.text())) refused.push(`console: ${message.text()}`);
  });
  return refused;
}

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Side navigation' });

async function navEntries(page: Page): Promise<string[]> {
  await sideNav(page).getByRole('link', { name: 'My profile' }).waitFor();
  const texts = await sideNav(page).locator('li a').allInnerTexts();
  return texts.map((t) => t.trim()).filter((t) => t && t !== 'Back Office');
}

async function signInAs(role: Role): Promise<{ page: Page; refused: string[] }> {
  const page = await newPage(browser);
  const refused = watchRefusals(page);
  const user = userFor(role);
  await signIn(page, stackInfo().webUrl, user.email, user.password);
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  return { page, refused };
}

/** Waits until the page's own requests settle, so a late 403 is caught before moving on. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

describe.each(Object.keys(PLANS) as Role[])('%s in the browser', (role) => {
  const plan = PLANS[role];

  it(
    'sees only its pages in the navigation, each working without a refusal, and the not-authorised page for another',
    async () => {
      const { page, refused } = await signInAs(role);
      expect(await navEntries(page)).toEqual(plan.nav);
      await expectAccessible(page, `${role} home page`);
      await screenshot(page, `roles-${role.toLowerCase()}-home`);

      for (const entry of plan.nav) {
        await sideNav(page).getByRole('link', { name: entry, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: HEADINGS[entry] }).first().waitFor();
        await settled(page);
        expect(await page.getByRole('heading', { name: 'Not authorised' }).count(), `${role} on ${entry}`).toBe(0);
        for (const name of plan.notOffered)
          expect(
            await page.getByRole('button', { name, exact: true }).count(),
            `${role} offered ${String(name)} on ${entry}`,
          ).toBe(0);
        for (const [where, name] of plan.offered)
          if (where === entry)
            expect(
              await page.getByRole('button', { name, exact: true }).count(),
              `${role} misses '${name}'`,
            ).toBeGreaterThan(0);
        await expectAccessible(page, `${role} on ${entry}`);
        await screenshot(page, `roles-${role.toLowerCase()}-${entry.toLowerCase().replace(/\W+/g, '-')}`);
      }

      if (plan.forbidden) {
        await page.goto(`${stackInfo().webUrl}${plan.forbidden.path}`);
        await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
        await page.getByText(`${plan.forbidden.title} is not available to your role`).waitFor();
        expect(await navEntries(page)).toEqual(plan.nav);
        await settled(page);
        await expectAccessible(page, `${role} not-authorised page`);
        await screenshot(page, `roles-${role.toLowerCase()}-not-authorised`);
        await page.getByRole('link', { name: 'Go to the home page' }).click();
        await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
      }

      expect(refused).toEqual([]);
      await page.context().close();
      // Each page is opened, settled and checked with axe: ADMIN's thirty took over the default 120 s on a busy CI.
    },
    60_000 + plan.nav.length * 10_000,
  );
});

describe('a driver delivers from the read-only order view', () => {
  it('opens a delivery from My deliveries, sees it read-only, and marks it delivered', async () => {
    const { page, refused } = await signInAs('DRIVER');
    await sideNav(page).getByRole('link', { name: 'My deliveries', exact: true }).click();
    const cards = page.getByRole('list', { name: 'My deliveries' });
    await cards.getByRole('listitem').first().waitFor();
    const before = await cards.locator(':scope > li').count();
    expect(before).toBeGreaterThan(0);

    // On a phone the same list is accessible too (the app layout's phone toolbar included).
    const desk = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open side navigation' }).waitFor();
    expect(await page.locator('nav[aria-orientation]').count()).toBe(0);
    await expectAccessible(page, 'My deliveries on a phone');
    await screenshot(page, 'roles-driver-deliveries-phone');
    await page.setViewportSize(desk);

    // Order numbers open the order in a new tab.
    const link = cards.locator(':scope > li').first().getByRole('link').first();
    const orderNum = (await link.innerText()).trim();
    const [view] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    const viewRefused = watchRefusals(view);
    await view.getByRole('table', { name: `Products of order ${orderNum}` }).waitFor();
    await settled(view);
    for (const name of ['Save', 'Update', '+ Add Products to Order'])
      expect(await view.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await view.getByRole('spinbutton').count()).toBe(0);
    const crumbs = view.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.getByRole('link', { name: 'Orders', exact: true }).count()).toBe(0);
    expect(await crumbs.getByText('My deliveries').count()).toBeGreaterThan(0);
    await expectAccessible(view, 'read-only order view');
    await screenshot(view, 'roles-driver-order-view');

    await view.getByRole('button', { name: 'Mark delivered' }).click();
    const dialog = view.getByRole('dialog', { name: 'Mark delivered' });
    await dialog.waitFor();
    await expectAccessible(view, 'Mark delivered dialog');
    await dialog.getByRole('button', { name: 'Mark delivered' }).click();
    await view.getByText(`Order ${orderNum} marked delivered`).waitFor();
    await view.getByText('Delivered', { exact: true }).first().waitFor();
    expect(await view.getByRole('button', { name: 'Mark delivered' }).count()).toBe(0);
    await view.evaluate(() => window.scrollTo(0, 0));
    await screenshot(view, 'roles-driver-order-delivered');

    // Back on My deliveries the order has left the list.
    await page.getByRole('button', { name: 'Refresh deliveries' }).click();
    await expect.poll(() => cards.locator(':scope > li').count()).toBe(before - 1);
    expect(await cards.getByRole('link', { name: new RegExp(`^${orderNum}`) }).count()).toBe(0);

    expect([...refused, ...viewRefused]).toEqual([]);
    await page.context().close();
  });
});

describe('inventory staff move an order through fulfilment from the read-only order view', () => {
  it('opens a received order from Orders, sees only the status picker, and sets it to Fulfillment', async () => {
    const { page, refused } = await signInAs('INVENTORY');
    await sideNav(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Orders/ }).waitFor();
    // A seeded open order: moving it from Received to Fulfillment keeps what it holds (both reserve stock).
    const row = page.getByRole('row').filter({ hasText: 'Received' }).first();
    await row.waitFor();
    const link = row.getByRole('link').first();
    const orderNum = (await link.innerText()).trim();
    const [view] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    const viewRefused = watchRefusals(view);
    await view.getByRole('table', { name: `Products of order ${orderNum}` }).waitFor();
    await settled(view);
    for (const name of ['Save', 'Update', '+ Add Products to Order', 'Mark delivered'])
      expect(await view.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await view.getByTestId('payment-status').count()).toBe(0);
    const save = view.getByRole('button', { name: 'Save status' });
    expect(await save.isDisabled()).toBe(true);

    await view.getByTestId('order-status').click();
    expect(await view.getByRole('option', { name: 'Draft' }).count()).toBe(0);
    await view.getByRole('option', { name: 'Fulfillment' }).click();
    await expectAccessible(view, 'read-only order view with the status picker');
    await save.click();
    await view.getByText(`Order ${orderNum} set to Fulfillment`).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await screenshot(view, 'roles-inventory-order-status');

    expect([...refused, ...viewRefused]).toEqual([]);
    await page.context().close();
  });
});
