import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expectAccessible, screenshot } from '../support/browser';

const FIXTURE = join(import.meta.dirname, '../fixtures/teal-square.png');

/**
 * The catalogue as an inventory user works it, start to finish: brand with an uploaded image, a type,
 * a product, a stock limit, hiding the product from the catalogue, a saved filter re-applied, and
 * the stock history after an adjustment. `tag` keeps names unique per run.
 */
export async function catalogFlow(page: Page, webUrl: string, tag: string) {
  const brandName = `Zenith ${tag}`;
  const typeName = `Capsule ${tag}`;
  const productName = `Night Capsules ${tag}`;

  // A type first, so the product form can use it.
  await page.goto(`${webUrl}/brands`);
  await page.getByRole('tab', { name: /Product types/ }).click();
  await page.getByRole('button', { name: 'Add type' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Product Type' });
  await dialog.getByLabel('Type name').fill(typeName);
  await dialog.getByRole('button', { name: /^(Add|Save|Create)/ }).click();
  await page.getByText(typeName).first().waitFor();

  // A brand with an uploaded image.
  await page.getByRole('tab', { name: /Brands/ }).click();
  await page.getByRole('button', { name: 'Add brand' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New Brand' });
  await dialog.getByLabel('Brand name').fill(brandName);
  await dialog.getByRole('button', { name: 'Choose image' }).click();
  const images = page.getByRole('dialog', { name: 'Image Selection' });
  await images.locator('input[type="file"]').setInputFiles(FIXTURE);
  await images.getByText('Upload successful').waitFor();
  await expectAccessible(page, 'Image Selection');
  await screenshot(page, 'catalog-1-image-upload');
  await images
    .getByRole('button', { name: /teal-square/ })
    .first()
    .click();
  await dialog.getByRole('button', { name: /^(Add brand|Add|Save|Create)$/ }).click();
  // Filtered: other test files add brands, and the table shows 25 a page, sorted by name.
  await page.getByRole('searchbox', { name: 'Filter brands' }).fill(brandName);
  await page.getByRole('row', { name: new RegExp(brandName) }).waitFor();

  // A product of that brand and type, with the uploaded image.
  await page.goto(`${webUrl}/products`);
  await page.getByRole('button', { name: 'Add product' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New Product' });
  await dialog.getByLabel(/Product name/).fill(productName);
  await dialog.getByRole('button', { name: /^Brand\*/ }).click();
  await page.getByRole('option', { name: brandName }).click();
  await dialog.getByRole('button', { name: /^Type\*/ }).click();
  await page.getByRole('option', { name: typeName }).click();
  await page.waitForFunction(
    (label) =>
      /^ZEN-CAP-\d{4}$/.test(
        (document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement | null)?.value ?? '',
      ),
    'SKU',
  );
  await dialog.getByLabel(/Base price/).fill('$24.50');
  await dialog.getByRole('button', { name: 'Choose image' }).click();
  await page
    .getByRole('dialog', { name: 'Image Selection' })
    .getByRole('button', { name: /teal-square/ })
    .first()
    .click();
  await expectAccessible(page, 'Add product');
  await screenshot(page, 'catalog-2-add-product');
  await dialog.getByRole('button', { name: /^(Add product|Add|Save|Create)$/ }).click();
  await dialog.waitFor({ state: 'detached' });

  await page
    .getByText(/Product .* added/)
    .first()
    .waitFor();

  // New products have no stock and the list shows in-stock products by default: find it among out-of-stock ones.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(productName);
  await page.getByRole('button', { name: /^Filter by stock/ }).click();
  await page.getByRole('option', { name: /Out of Stock/ }).click();
  await page.keyboard.press('Escape');
  await page
    .getByRole('link', { name: productName })
    .or(page.getByRole('button', { name: productName }))
    .first()
    .click();

  // Adjust the stock with a note, then read it back in the stock history.
  dialog = page.getByRole('dialog').filter({ hasText: productName }).first();
  await dialog.getByRole('button', { name: 'Adjust stock' }).click();
  await dialog.getByLabel('New stock').fill('36');
  await dialog.getByLabel('Note').fill('Initial count after delivery');
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await dialog.getByRole('button', { name: 'View stock history' }).click();
  const history = page.getByRole('dialog', { name: /Stock History/ });
  await history.getByText('Initial count after delivery').waitFor();
  await expectAccessible(page, 'Stock History');
  await screenshot(page, 'catalog-3-stock-history');
  await history.getByRole('button', { name: /Close/ }).last().click();
  await dialog.getByRole('button', { name: /^Close$/ }).click();

  // Save the filter, clear everything, and re-apply it from the saved filters.
  await page.getByRole('button', { name: 'Save filter' }).click();
  const save = page.getByRole('dialog', { name: /Filter/ });
  await save.getByLabel('Filter Name').fill(`Capsules ${tag}`);
  await page.keyboard.press('Enter');
  await save.waitFor({ state: 'detached' });
  await page.getByRole('searchbox', { name: 'Search products' }).press('Shift+Digit5'); // the bar's "clear filters" shortcut
  await page.waitForFunction(() => !(document.querySelector('input[type="search"]') as HTMLInputElement | null)?.value);
  await page.getByRole('button', { name: /^Saved filters/ }).click();
  await page.getByRole('option', { name: new RegExp(`Capsules ${tag}`) }).click();
  await page
    .getByRole('link', { name: productName })
    .or(page.getByRole('button', { name: productName }))
    .first()
    .waitFor();
  await screenshot(page, 'catalog-4-saved-filter');

  // A brand stock limit (Enter saves), then hide the product from the catalogue.
  await page.goto(`${webUrl}/brands`);
  await page.getByRole('searchbox', { name: 'Filter brands' }).fill(brandName);
  await page
    .getByRole('row', { name: new RegExp(brandName) })
    .getByRole('radio')
    .check();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Stock limits' }).click();
  const limits = page.getByRole('dialog', { name: /Stock Limits/ });
  await limits.getByLabel('Brand Limit', { exact: true }).fill('30');
  await limits.getByLabel('Brand Limit', { exact: true }).press('Enter');
  await limits.getByText(/over/i).first().waitFor();
  await expectAccessible(page, 'Stock Limits');
  await screenshot(page, 'catalog-5-stock-limits');
  await limits
    .getByRole('button', { name: /^Close$/ })
    .last()
    .click();

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Manage catalogue' }).click();
  const catalogue = page.getByRole('dialog', { name: /Manage Catalogue/ });
  await catalogue
    .getByRole('button', { name: new RegExp(typeName) })
    .first()
    .click();
  await catalogue.getByLabel(`Show ${productName} in the catalogue`).uncheck();
  await page.getByText('Success!').first().waitFor();
  await catalogue
    .getByText(/0 \/ 1 visible/)
    .first()
    .waitFor();
  await expectAccessible(page, 'Manage Catalogue');
  await screenshot(page, 'catalog-6-visibility');
  return { brandName, typeName, productName };
}
