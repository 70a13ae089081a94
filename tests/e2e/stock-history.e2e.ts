import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChangeLogEntry, Product } from '@bo/shared';
import { expectAccessible, screenshot, signIn } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

let page: Page;
useBrowserPage((p) => (page = p));

/** A demo product whose history holds a sale, a reservation and its opening stock. */
async function demoProductWithOrders(): Promise<{ product: Product; entries: ChangeLogEntry[] }> {
  const token = await tokenFor('ADMIN');
  const products = (await call<Product[]>('GET', '/api/db/products/getAll', { token })).body
    .filter(
      (p) => Date.parse(p.createdAt) < Date.now() - 60 * 86_400_000 && p.pendingOutboundQuantity > 0 && p.stock > 0,
    )
    .sort((a, b) => a.sku.localeCompare(b.sku));
  for (const product of products) {
    const { entries } = (
      await call<{ entries: ChangeLogEntry[] }>('GET', `/api/db/changelog/getAll/product/${product.id}`, { token })
    ).body;
    const sold = entries.some((e) => e.order && e.changes.some((c) => c.field === 'stock'));
    if (sold && entries.filter((e) => e.order).length >= 3) return { product, entries };
  }
  throw new Error('No demo product with orders in its history');
}

describe('View Stock History of a demo product', () => {
  it('shows its opening stock and the orders that reserved and sold it, each linked', async () => {
    const { product, entries } = await demoProductWithOrders();
    const { webUrl } = stackInfo();
    const admin = userFor('ADMIN');
    await signIn(page, webUrl, admin.email, admin.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.goto(`${webUrl}/products`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.sku);
    await page
      .getByRole('button', { name: `View ${product.name}` })
      .first()
      .click();
    const view = page.getByRole('dialog', { name: product.name });
    await view.getByRole('button', { name: 'View stock history' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock History' });
    const table = dialog.getByRole('table', { name: 'Stock movements' });
    await table.getByText('Opening stock').waitFor();
    const order = entries.find((e) => e.order)!.order!;
    const link = table.getByRole('link', { name: new RegExp(`#${order.orderNum} `) }).first();
    expect(await link.getAttribute('href')).toBe(`/orders/${order.orderNum}`);
    expect(await table.getByText('Sold').count()).toBeGreaterThan(0);
    expect(await table.getByText('Reserved').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'Stock History');
    await screenshot(page, 'stock-history-orders');
  });
});
