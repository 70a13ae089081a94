import { invoiceFileName, invoiceFilter, purchaseOrderFileName, randomDocumentId } from '@bo/shared';
import { describe, expect, it } from 'vitest';
import { call, stackInfo, tokenFor } from '../support/stack';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

interface Saved {
  uploadUrl: string;
  fileName: string;
  folder: string;
  url: string;
}

async function save(fileName: string, folder: string, token: string) {
  const asked = await call<Saved>('POST', '/api/storage/saveDocument', {
    token,
    body: { fileName, folder, bucket: 'documents' },
  });
  expect(asked.status).toBe(200);
  const put = await fetch(asked.body.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: PDF,
  });
  expect(put.status).toBe(200);
  return asked.body;
}

describe('documents', () => {
  it('saves an invoice through a presigned PUT, lists it by order, and opens its shareable link', async () => {
    const orderNum = String(Date.now());
    const name = invoiceFileName('Green Leaf Co.', orderNum, randomDocumentId());
    const saved = await save(name, 'invoices', await tokenFor('SALES'));
    expect(saved).toMatchObject({ fileName: name, folder: 'invoices' });
    expect(saved.url).toBe(`${stackInfo().webUrl}/documents/invoices/${name}`);

    const filter = invoiceFilter('Green Leaf Co.', orderNum);
    expect(filter).toBe(`invoices/Green_Leaf_Co_${orderNum}_`);
    const listed = await call<Array<{ name: string; url: string }>>(
      'GET',
      `/api/storage/list/documents?filter=${encodeURIComponent(filter)}`,
      { token: await tokenFor('PURCHASING') },
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ name: `invoices/${name}`, url: saved.url })]);

    // What the /documents/invoices/<name> page asks for: a short-lived presigned GET of the PDF.
    const link = await call<{ url: string; expiresIn: number }>(
      'GET',
      `/api/storage/getDocumentURL/invoices/${encodeURIComponent(name)}`,
      { token: await tokenFor('INVENTORY') },
    );
    expect(link.status).toBe(200);
    expect(link.body.expiresIn).toBe(60);
    expect(link.body.url).toMatch(/X-Amz-Expires=60/);
    const pdf = await fetch(link.body.url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const again = await save(name, 'invoices', await tokenFor('SALES'));
    expect(again.fileName).toBe(name.replace('.pdf', '-2.pdf'));
  });

  it('keeps purchase orders to purchasing and inventory', async () => {
    const name = purchaseOrderFileName(Date.now(), crypto.randomUUID());
    expect(name).toMatch(/^PO_\d+_[0-9a-f-]{36}\.pdf$/);
    await save(name, 'purchaseOrders', await tokenFor('PURCHASING'));

    const forSales = await call<{ message: string }>('POST', '/api/storage/saveDocument', {
      token: await tokenFor('SALES'),
      body: { fileName: name, folder: 'purchaseOrders', bucket: 'documents' },
    });
    expect(forSales).toMatchObject({ status: 403, body: { message: expect.stringContaining('purchaseOrders') } });
    const invoiceByPurchasing = await call('POST', '/api/storage/saveDocument', {
      token: await tokenFor('PURCHASING'),
      body: { fileName: 'x.pdf', folder: 'invoices', bucket: 'documents' },
    });
    expect(invoiceByPurchasing.status).toBe(403);

    const path = `/api/storage/getDocumentURL/purchaseOrders/${name}`;
    expect((await call('GET', path, { token: await tokenFor('INVENTORY') })).status).toBe(200);
    expect((await call('GET', path, { token: await tokenFor('DRIVER') })).status).toBe(403);
    expect((await call('GET', path, { token: await tokenFor('PAYROLL') })).status).toBe(403);
    const listPath = `/api/storage/list/documents?filter=purchaseOrders/`;
    expect((await call('GET', listPath, { token: await tokenFor('SALES') })).status).toBe(403);
    const listed = await call<Array<{ name: string }>>('GET', listPath, { token: await tokenFor('INVENTORY') });
    expect(listed.body.map((f) => f.name)).toContain(`purchaseOrders/${name}`);
  });

  it('keeps payroll away from invoices', async () => {
    const result = await call<{ message: string }>('GET', '/api/storage/list/documents?filter=invoices/', {
      token: await tokenFor('PAYROLL'),
    });
    expect(result.status).toBe(403);
    expect(result.body.message).toContain('cannot read documents in invoices');
  });

  it.each([
    [{ fileName: '../x.pdf', folder: 'invoices', bucket: 'documents' }, 'File name must not contain slashes or ..'],
    [{ fileName: 'a/b.pdf', folder: 'invoices', bucket: 'documents' }, 'File name must not contain slashes or ..'],
    [{ fileName: 'x.png', folder: 'invoices', bucket: 'documents' }, 'File name must end with .pdf'],
    [{ fileName: '<x>.pdf', folder: 'invoices', bucket: 'documents' }, 'File name may hold letters'],
    [{ fileName: `${'a'.repeat(200)}.pdf`, folder: 'invoices', bucket: 'documents' }, 'at most 150 characters'],
    [{ fileName: 'x.pdf', folder: 'secrets', bucket: 'documents' }, 'Folder must be invoices or purchaseOrders'],
    [{ fileName: 'x.pdf', folder: 'invoices', bucket: 'images' }, 'Documents go to the documents bucket'],
    [
      { fileName: 'x.pdf', folder: 'invoices', bucket: 'documents', contentType: 'text/html' },
      'Only PDF documents (application/pdf) can be saved',
    ],
  ])('refuses to sign %o', async (body, message) => {
    const result = await call<{ message: string }>('POST', '/api/storage/saveDocument', {
      token: await tokenFor('SALES'),
      body,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
  });

  it.each([
    ['', 'Filter must start with invoices/ or purchaseOrders/'],
    ['secrets/x', 'Filter must start with invoices/ or purchaseOrders/'],
    ['invoices/../purchaseOrders', 'Filter must not contain ..'],
    ['invoices/a/b', 'more than one slash'],
    ['invoices/<x>', 'Filter may hold letters'],
  ])('refuses the document filter %j', async (filter, message) => {
    const query = filter ? `?filter=${encodeURIComponent(filter)}` : '';
    const result = await call<{ message: string }>('GET', `/api/storage/list/documents${query}`, {
      token: await tokenFor('SALES'),
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
  });

  it('answers 404 for a missing document and 400 for a bad link', async () => {
    const token = await tokenFor('SALES');
    const missing = await call<{ message: string }>('GET', '/api/storage/getDocumentURL/invoices/nope-nope.pdf', {
      token,
    });
    expect(missing).toMatchObject({ status: 404, body: { message: 'No such document' } });
    expect((await call('GET', '/api/storage/getDocumentURL/secrets/x.pdf', { token })).status).toBe(400);
    expect((await call('GET', '/api/storage/getDocumentURL/invoices/x.exe', { token })).status).toBe(400);
  });

  it('still lists images, with or without a filter', async () => {
    const token = await tokenFor('SALES');
    expect((await call('GET', '/api/storage/list/images', { token })).status).toBe(200);
    expect((await call('GET', '/api/storage/list/images?filter=zzz-none', { token })).body).toEqual([]);
    expect((await call('GET', '/api/storage/list/images?filter=a/b', { token })).status).toBe(400);
  });
});
