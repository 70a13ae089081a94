import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/browser';
import { useBrowserPage } from '../support/browser-page';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';
import { catalogFlow } from './catalog-flow';

let page: Page;
useBrowserPage((p) => (page = p));

describe('an inventory user works the catalogue in the browser', () => {
  it('creates a brand, a type and a product with an uploaded image, adjusts stock and reads its history, saves and re-applies a filter, sets a limit and hides the product', async () => {
    const { webUrl } = stackInfo();
    const inventory = userFor('INVENTORY');
    await signIn(page, webUrl, inventory.email, inventory.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    const { brandName, productName } = await catalogFlow(page, webUrl, 'E2E');

    // What the screens showed is what the API holds.
    const products = await call<
      Array<{ name: string; stock: number; hideFromCatalog: boolean; image?: string; brand: { name: string } }>
    >('GET', '/api/db/products/getAll', { token: await tokenFor('SALES') });
    const product = products.body.find((p) => p.name === productName);
    expect(product).toMatchObject({ stock: 36, hideFromCatalog: true, brand: { name: brandName } });
    expect(product?.image).toMatch(/\/images\/teal-square(-\d+)?\.png$/);
    const image = await fetch(product!.image!);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});
