import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverDay, Order, OrderDeliveries, Product } from '@bo/shared';
import { launch, screenshot, withFailureShots } from '../support/browser';
import { driverScreens, newPhone, phoneNetwork } from '../support/driver-phone';
import { deliveryCustomer, newDriver, newStop, PNG_BASE64, TODAY } from '../support/deliveries';
import { dollarProduct, orderOf } from '../support/payments';
import { call, stackInfo, tokenFor } from '../support/stack';

/**
 * The driver's app without signal, in Chromium on a phone-sized screen with the network switched off (Playwright's
 * offline mode, which reaches the service worker too, and `phoneNetwork` for a reload while offline): the driver's app loads once online, then works from the
 * service worker and the day stored on the phone; a full day of five stops is done offline (delivered with a
 * signature, with a photo, partly delivered, nobody there, refused; cash and a check collected; the route
 * reordered); the queue survives a reload; back online it is sent in order, and the server holds exactly one
 * record per action. Then a conflict: the office changes an order while the phone is offline, and the driver's
 * action comes back refused with the reason, and stays on the phone until dismissed.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let screens: ReturnType<typeof driverScreens>;
let network: Awaited<ReturnType<typeof phoneNetwork>>;

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPhone(browser));
  screens = driverScreens(page);
  network = await phoneNetwork(context, page);
});
afterAll(async () => {
  await browser?.close();
});

type Driver = Awaited<ReturnType<typeof newDriver>>;
let sales: string;
let driver: Driver;
let product: Product;
let stops: Order[];

const myDay = async (token: string) => {
  const res = await call<DriverDay>('GET', `/api/db/deliveries/myDay?day=${TODAY}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const deliveriesOf = async (orderId: string) => {
  const res = await call<OrderDeliveries>('GET', `/api/db/deliveries/getByOrder/${orderId}`, { token: sales });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function deliver(order: Order, proof: 'signature' | 'photo', receiver: string) {
  await screens.openStop(order);
  const form = screens.completeForm();
  await form.getByRole('radio', { name: /^Delivered/ }).check();
  if (proof === 'signature') await screens.sign(form);
  else {
    await form.getByLabel('Photo').setInputFiles({
      name: 'door.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_BASE64, 'base64'),
    });
    await form.getByRole('img', { name: 'Photo of the delivery' }).waitFor();
  }
  await form.getByLabel("Receiver's name").fill(receiver);
  await screens.record(form, /^Record: Delivered/, 'Delivered');
}

async function collect(method: 'Cash' | 'Check', amount: string, checkNumber?: string) {
  const form = screens.collectForm();
  await form.getByRole('radio', { name: method }).check();
  if (checkNumber) await form.getByLabel('Check number').fill(checkNumber);
  await form.getByLabel('Amount ($)').fill(amount);
  await form.getByRole('button', { name: new RegExp(`^Record ${method.toLowerCase()}`) }).click();
  await page
    .getByRole('status')
    .filter({ hasText: new RegExp(`${checkNumber ? `Check ${checkNumber}` : 'Cash'} of \\$${amount}\\.00 recorded`) })
    .first()
    .waitFor();
}

async function offlineReload(what: string) {
  await network.reload();
  await page
    .getByRole('status')
    .filter({ hasText: /^Offline$/ })
    .waitFor();
  await screens.stopList().waitFor();
  await page.getByText('Showing the copy on this phone').waitFor();
  await screenshot(page, `driver-offline-${what}`);
}

describe("a driver's day without signal", () => {
  beforeAll(async () => {
    const inventory = await tokenFor('INVENTORY');
    sales = await tokenFor('SALES');
    [driver, product] = await Promise.all([newDriver('Olive Offline'), dollarProduct(inventory)]);
    stops = [];
    // Five stops, made one after another so their order numbers (the first route order) are in this order.
    for (let i = 0; i < 5; i++)
      stops.push(await newStop(sales, await deliveryCustomer(sales), product, driver.id, [10]));
  }, 120_000);

  it('does five stops offline, keeps the queue through a reload, and sends each action exactly once', async () => {
    await withFailureShots(page, 'driver-offline', fullDay);
  }, 300_000);

  it("shows the office's change as a refusal with the reason, and keeps it until dismissed", async () => {
    await withFailureShots(page, 'driver-offline-conflict', conflict);
  }, 180_000);
});

async function fullDay() {
  const { webUrl } = stackInfo();
  const [s1, s2, s3, s4, s5] = stops as [Order, Order, Order, Order, Order];

  // ---- Online: sign in, the day loads, the service worker takes the page ----
  await page.goto(`${webUrl}/driver`);
  await page.getByLabel('Email').fill(driver.email);
  await page.getByLabel('Password').fill(driver.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const list = screens.stopList();
  await list.waitFor();
  await expect.poll(() => list.getByRole('listitem').count()).toBe(5);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await screenshot(page, 'driver-offline-1-online');

  // ---- Offline: a reload is served by the service worker, the day by the phone's store ----
  await network.setOffline(true);
  await offlineReload('2-reloaded-offline');
  await expect.poll(() => list.getByRole('listitem').count()).toBe(5);

  // The route: the fifth stop goes before the fourth.
  await page.getByRole('button', { name: `Move order ${s5.orderNum} up` }).click();
  await expect.poll(screens.orderOfCards).toEqual([s1.orderNum, s2.orderNum, s3.orderNum, s5.orderNum, s4.orderNum]);

  // Stop 1: delivered with a signature, cash collected.
  await deliver(s1, 'signature', 'Rita Receiver');
  await collect('Cash', '5');
  await screens.backToDay();

  // Stop 2: delivered with a photo, a check collected.
  await deliver(s2, 'photo', 'Paul Porter');
  await collect('Check', '7', '1234');
  await screens.backToDay();

  // Stop 3: partly delivered, 4 of 10 units come back.
  await screens.openStop(s3);
  {
    const form = screens.completeForm();
    await form.getByRole('radio', { name: /^Partly delivered/ }).check();
    await screens.sign(form);
    await form.getByLabel("Receiver's name").fill('Sam Shipping');
    await form.getByRole('textbox', { name: /^Not delivered:/ }).fill('4');
    await form.getByLabel('Reason').fill('Four boxes were crushed');
    await screens.record(form, /^Record: Partly delivered/, 'Partly delivered');
  }
  await screens.backToDay();

  // Stop 4 (driven fourth: the fifth order): refused.
  await screens.openStop(s5);
  {
    const form = screens.completeForm();
    await form.getByRole('radio', { name: /^Refused/ }).check();
    await form.getByLabel('Reason').fill('Ordered by mistake, says the owner');
    await screens.record(form, /^Record: Refused/, 'Refused');
  }
  await screens.backToDay();

  // Stop 5: nobody there.
  await screens.openStop(s4);
  {
    const form = screens.completeForm();
    await form.getByRole('radio', { name: /^Nobody there/ }).check();
    await form.getByLabel('Reason').fill('Closed, no answer at the door');
    await screens.record(form, /^Record: Nobody there/, 'Nobody there');
  }
  await screens.backToDay();

  // One route order, five stops, two collections: eight actions wait.
  await expect.poll(() => screens.queueSummary().textContent()).toBe('8 waiting to send');
  await screenshot(page, 'driver-offline-3-day-done-offline');

  // ---- A reload while offline keeps the queue, and the day shows what was done ----
  await offlineReload('4-reloaded-with-queue');
  await expect.poll(() => screens.queueSummary().textContent()).toBe('8 waiting to send');
  expect(
    await list
      .getByRole('listitem')
      .evaluateAll((items) => items.map((i) => `${i.getAttribute('data-order')} ${i.getAttribute('data-state')}`)),
  ).toEqual([
    `${s1.orderNum} DELIVERED`,
    `${s2.orderNum} DELIVERED`,
    `${s3.orderNum} PARTIAL`,
    `${s5.orderNum} REFUSED`,
    `${s4.orderNum} NOBODY_THERE`,
  ]);
  await page.getByRole('link', { name: 'Day summary' }).click();
  await page.getByText('$5.00').first().waitFor();
  await screenshot(page, 'driver-offline-5-summary-offline');
  await page.getByRole('link', { name: /^Stops/ }).click();

  // ---- Back online: the queue empties by itself ----
  await network.setOffline(false);
  await page
    .getByRole('status')
    .filter({ hasText: /^Online$/ })
    .waitFor();
  await expect.poll(() => screens.queueSummary().textContent(), { timeout: 60_000 }).toBe('Everything is sent');
  await page.getByText('Showing the copy on this phone').waitFor({ state: 'detached' });
  await screenshot(page, 'driver-offline-6-sent');

  // ---- The server holds exactly what was done, once ----
  const day = await myDay(driver.token);
  expect(day.stops.map((s) => [s.orderNum, s.state])).toEqual([
    [s1.orderNum, 'DELIVERED'],
    [s2.orderNum, 'DELIVERED'],
    [s3.orderNum, 'PARTIAL'],
    [s5.orderNum, 'REFUSED'],
    [s4.orderNum, 'NOBODY_THERE'],
  ]);
  expect(day.collections.map((c) => [c.orderNum, c.method, c.amount, c.checkNumber ?? null, c.status]).sort()).toEqual(
    [
      [s1.orderNum, 'CASH', 5, null, 'PENDING'],
      [s2.orderNum, 'CHECK', 7, '1234', 'PENDING'],
    ].sort(),
  );
  expect(day.summary).toMatchObject({ cash: 5, checksTotal: 7, pending: 2, delivered: 3, exceptions: 2, remaining: 0 });

  // Each stop: one record, as done on the phone; the money on the stops where it was taken.
  const expected: Array<[Order, Record<string, unknown>, number]> = [
    [s1, { outcome: 'DELIVERED', receiverName: 'Rita Receiver', hasSignature: true, hasPhoto: false }, 1],
    [s2, { outcome: 'DELIVERED', receiverName: 'Paul Porter', hasPhoto: true, hasSignature: false }, 1],
    [
      s3,
      {
        outcome: 'PARTIAL',
        receiverName: 'Sam Shipping',
        reason: 'Four boxes were crushed',
        hasSignature: true,
        notDelivered: [{ quantity: 4 }],
      },
      0,
    ],
    [s4, { outcome: 'NOBODY_THERE', reason: 'Closed, no answer at the door' }, 0],
    [s5, { outcome: 'REFUSED', reason: 'Ordered by mistake, says the owner' }, 0],
  ];
  for (const [order, record, collections] of expected) {
    const saved = await deliveriesOf(order.id);
    expect(saved.records, order.orderNum).toHaveLength(1);
    expect(saved.records[0], order.orderNum).toMatchObject(record);
    expect(saved.collections, order.orderNum).toHaveLength(collections);
  }

  // The orders: the deliveries are DELIVERED; the exceptions are left as they were for the office.
  const statuses = await Promise.all(stops.map(async (s) => (await orderOf(sales, s.id)).orderStatus));
  expect(statuses.slice(0, 3)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
  expect(statuses.slice(3)).toEqual([s4.orderStatus, s5.orderStatus]);
}

async function conflict() {
  // A new stop reaches the phone while it is online (whatever state the day's flow left the phone in).
  await network.setOffline(false);
  const late = await newStop(sales, await deliveryCustomer(sales), product, driver.id, [3]);
  await page.reload();
  await page.getByRole('link', { name: new RegExp(`order ${late.orderNum},`) }).waitFor();

  // Offline, the driver delivers it; meanwhile the office changes the order.
  await network.setOffline(true);
  await page
    .getByRole('status')
    .filter({ hasText: /^Offline$/ })
    .waitFor();
  const edit = await call('PUT', `/api/db/orders/update/${late.id}`, {
    token: sales,
    body: { notes: 'Leave at the back door' },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  await deliver(late, 'signature', 'Rhea Receiver');
  await expect.poll(() => screens.queueSummary().textContent()).toBe('1 waiting to send');

  // Online: refused with the reason, kept on the phone, nothing recorded on the server.
  await network.setOffline(false);
  const queue = page.getByRole('list', { name: 'Actions on this phone' });
  const refused = queue.getByRole('listitem').filter({ hasText: late.orderNum });
  await refused.getByText(`Order ${late.orderNum} was changed in the office after you loaded it`).waitFor();
  await refused.getByText(/^Refused/).waitFor();
  await expect.poll(() => screens.queueSummary().textContent()).toBe('1 action not sent');
  await screenshot(page, 'driver-offline-7-conflict');
  expect((await deliveriesOf(late.id)).records).toHaveLength(0);

  // It stays through a reload, until the driver dismisses it.
  await page.reload();
  await refused.getByText(`Order ${late.orderNum} was changed in the office after you loaded it`).waitFor();
  await refused.getByRole('button', { name: /^Dismiss/ }).click();
  await expect.poll(() => screens.queueSummary().textContent()).toBe('Everything is sent');
  expect((await deliveriesOf(late.id)).records).toHaveLength(0);
}
