import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompleteStopResponse, DeliveryBoard, DriverDay, Order, OrderDeliveries, Payment } from '@bo/shared';
import { expectAccessible, screenshot, signIn, withFailureShots } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { collect, deliveryCustomer, newDriver, newStop, TODAY } from '../support/deliveries';
import { dollarProduct, orderOf } from '../support/payments';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

/**
 * Issue 26, the office's side, in Chromium. A driver (over the API, as their phone would) delivers one stop with
 * a photo and a signature and takes the cash, and finds nobody at the other; a sales rep sees both on the
 * Deliveries board, opens the order and sees the proof images load, then confirms the cash on Collections and
 * the order is paid by it.
 */

let page: Page;
useBrowserPage((p) => {
  page = p;
});

describe('the office sees a driver’s day and confirms the money', () => {
  it('board, proof on the order page, collection confirmed into a payment', async () => {
    await withFailureShots(page, 'delivery-office', flow);
  }, 300_000);
});

const PHOTO = readFileSync(join(import.meta.dirname, '../fixtures/teal-square.png')).toString('base64');

/** A signature as the phone makes one: strokes drawn on a canvas, a PNG. */
const drawSignature = (p: Page) =>
  p.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 320, 120);
    ctx.strokeStyle = '#1f2a44';
    ctx.lineWidth = 4;
    ctx.beginPath();
    ctx.moveTo(20, 80);
    for (let x = 20; x <= 300; x += 10) ctx.lineTo(x, 60 + Math.sin(x / 14) * 30);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });

/** Whether an <img> has loaded (a broken or blocked image has no natural width). */
const loaded = (p: Page, name: string) =>
  p.waitForFunction((alt) => {
    const img = Array.from(document.querySelectorAll('img')).find((i) => i.alt === alt);
    return Boolean(img && img.complete && img.naturalWidth > 0);
  }, name);

async function flow() {
  const { webUrl } = stackInfo();
  const [sales, admin, inventory] = await Promise.all([tokenFor('SALES'), tokenFor('ADMIN'), tokenFor('INVENTORY')]);
  const unique = Math.random().toString(36).slice(2, 6);
  const driver = await newDriver(`Van ${unique} Driver`);
  const product = await dollarProduct(inventory);
  const customer = await deliveryCustomer(sales);
  const delivered = await newStop(sales, customer, product, driver.id, [12]);
  const missed = await newStop(sales, customer, product, driver.id, [5]);

  // ---- The driver's day, as the phone sends it ----
  const rep = userFor('SALES');
  await signIn(page, webUrl, rep.email, rep.password);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  const signature = await drawSignature(page);

  const day = await call<DriverDay>('GET', `/api/db/deliveries/myDay?day=${TODAY}`, { token: driver.token });
  expect(day.status, JSON.stringify(day.body)).toBe(200);
  const stopOf = (order: Order) => day.body.stops.find((s) => s.orderId === order.id)!;
  const done = await call<CompleteStopResponse>('POST', `/api/db/deliveries/complete/${delivered.id}`, {
    token: driver.token,
    body: {
      outcome: 'DELIVERED',
      receiverName: 'Rita Receiver',
      note: 'Left with the front desk',
      photo: { contentType: 'image/png', data: PHOTO },
      signature: { contentType: 'image/png', data: signature },
      at: new Date().toISOString(),
      position: { latitude: 37.80443, longitude: -122.27113, accuracy: 12 },
      modifiedOn: stopOf(delivered).modifiedOn,
    },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const cash = await collect(driver.token, delivered.id, { method: 'CASH', amount: 12, at: new Date().toISOString() });
  expect(cash.status, JSON.stringify(cash.body)).toBe(200);
  const nobody = await call('POST', `/api/db/deliveries/complete/${missed.id}`, {
    token: driver.token,
    body: {
      outcome: 'NOBODY_THERE',
      reason: 'Gate locked, no answer',
      at: new Date().toISOString(),
      modifiedOn: stopOf(missed).modifiedOn,
    },
  });
  expect(nobody.status, JSON.stringify(nobody.body)).toBe(200);

  // ---- The Deliveries board of today: both stops and the cash ----
  await page.goto(`${webUrl}/delivery-board`);
  const board = page.getByTestId(`board-driver-${driver.id}`);
  const stops = board.getByRole('table', { name: `Stops of ${driver.name}` });
  const deliveredRow = stops.getByRole('row', { name: new RegExp(delivered.orderNum) });
  const missedRow = stops.getByRole('row', { name: new RegExp(missed.orderNum) });
  await deliveredRow.getByText('Delivered').waitFor();
  await missedRow.getByText('Nobody there').waitFor();
  await missedRow.getByText('Gate locked, no answer').waitFor();
  await missedRow.getByText('$5.00').waitFor();
  await board.getByText('1 delivered · 1 exception · 0 to deliver').waitFor();
  const collected = board.getByLabel(`Money collected by ${driver.name}`);
  await collected.getByText('$12.00').waitFor();
  await collected.getByText('$0.00').waitFor();
  await collected.getByRole('link', { name: '1 collection' }).waitFor();
  await board.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'deliveries board');
  await screenshot(page, 'delivery-office-1-board');

  // ---- The order shows the proof: the images load from their short-lived links ----
  await page.goto(`${webUrl}/orders/${delivered.orderNum}`);
  const section = page.getByTestId('order-delivery');
  await section.getByText('Rita Receiver').waitFor();
  await section.getByText('Left with the front desk').waitFor();
  await section.getByRole('link', { name: /37\.80443, -122\.27113/ }).waitFor();
  await loaded(page, `Delivery photo, order ${delivered.orderNum}`);
  await loaded(page, `Signature by Rita Receiver, order ${delivered.orderNum}`);
  const money = section.getByRole('table', { name: 'Money collected' });
  await money.getByText('To confirm').waitFor();
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'order delivery section');
  await screenshot(page, 'delivery-office-2-order-proof');

  // ---- Collections: confirm the cash; it becomes a payment on the order ----
  await page.goto(`${webUrl}/delivery-board`);
  await page.getByTestId(`board-driver-${driver.id}`).getByRole('link', { name: '1 collection' }).click();
  await page.waitForURL(/\/payments\/collections\?day=/);
  const list = page.getByRole('table', { name: 'Collections' });
  const row = list.getByRole('row', { name: new RegExp(delivered.orderNum) });
  await row.getByText(driver.name).waitFor();
  await row.getByText('$12.00').first().waitFor();
  await expectAccessible(page, 'collections');
  await screenshot(page, 'delivery-office-3-collections');
  await row.getByRole('button', { name: `Confirm collection for order ${delivered.orderNum}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm collection' });
  await dialog.getByText(/as a payment\?/).waitFor();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(`Collection for order ${delivered.orderNum} confirmed: it is now a payment`).waitFor();
  await row.waitFor({ state: 'detached' });

  const decided = (
    await call<OrderDeliveries>('GET', `/api/db/deliveries/getByOrder/${delivered.id}`, { token: admin })
  ).body;
  expect(decided.collections).toMatchObject([{ status: 'CONFIRMED', amount: 12 }]);
  const payments = (await call<Payment[]>('GET', `/api/db/payments/getByOrder/${delivered.id}`, { token: admin })).body;
  expect(payments.map((p) => p.amount)).toEqual([12]);
  expect(await orderOf(admin, delivered.id)).toMatchObject({ balanceDue: 0, paymentStatus: 'PAID' });

  // Confirmed ones are listed under their status; the board no longer counts it as waiting.
  await page.getByRole('button', { name: 'Confirmed', exact: true }).click();
  await list
    .getByRole('row', { name: new RegExp(delivered.orderNum) })
    .getByText('Confirmed')
    .waitFor();
  await screenshot(page, 'delivery-office-4-confirmed');
  const after = (await call<DeliveryBoard>('GET', `/api/db/deliveries/board?day=${TODAY}`, { token: sales })).body;
  expect(after.drivers.find((d) => d.driverId === driver.id)).toMatchObject({ cash: 12, pendingCollections: 0 });
}
