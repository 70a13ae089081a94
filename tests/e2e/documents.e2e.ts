import { invoiceFileName, randomDocumentId } from '@bo/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, screenshot, signIn } from '../support/browser';
import { call, stackInfo, tokenFor, userFor } from '../support/stack';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

describe('a shareable invoice link', () => {
  it('opens the saved PDF for a signed-in reader, in both link forms, and explains a missing one', async () => {
    const name = invoiceFileName('Harbor Goods', String(Date.now()), randomDocumentId());
    const saved = await call<{ uploadUrl: string; url: string }>('POST', '/api/storage/saveDocument', {
      token: await tokenFor('SALES'),
      body: { fileName: name, folder: 'invoices', bucket: 'documents' },
    });
    expect(saved.status).toBe(200);
    const put = await fetch(saved.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    expect(put.status).toBe(200);

    const { webUrl } = stackInfo();
    // Invoices are for the roles that read every order (drivers build their delivery's invoice from the order).
    const reader = userFor('INVENTORY');
    await signIn(page, webUrl, reader.email, reader.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    for (const link of [saved.body.url, `${webUrl}/documents/${name}`]) {
      // The page asks the API for a short-lived signed address and goes there: the PDF itself, as a download.
      const pdf = page.waitForResponse((r) => r.url().includes('X-Amz-Signature') && r.request().method() === 'GET');
      await page.goto(link).catch(() => undefined); // Chromium may treat the PDF as a download.
      const response = await pdf;
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.url()).toContain(name.split('.pdf')[0]);
      // A download, whatever the upload stored: the link never renders a document in a page.
      expect(response.headers()['content-disposition']).toBe('attachment');
    }

    await page.goto(`${webUrl}/documents/invoices/No_Such_Invoice_1.pdf`);
    await page.getByText('The document cannot be opened').waitFor();
    await page.getByText('No such document').waitFor();
    await screenshot(page, 'documents-missing');
  });
});
