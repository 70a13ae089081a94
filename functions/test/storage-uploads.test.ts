import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClients } from '../src/data';
import { handler as getDocumentURL } from '../src/handlers/storage/getDocumentURL';
import { handler as getUploadURL } from '../src/handlers/storage/getUploadURL';
import { handler as list } from '../src/handlers/storage/list';
import { handler as saveDocument } from '../src/handlers/storage/saveDocument';
import { apiEvent, invoke } from './support/event';
import { useFreshTable } from './support/env';

beforeAll(async () => {
  await useFreshTable();
  process.env.SITE_URL = 'http://site.test';
  resetClients();
});

const INVENTORY = { sub: 'uploads-inventory', roles: ['INVENTORY' as const] };
const SALES = { sub: 'uploads-sales', roles: ['SALES' as const] };

type Target = { uploadUrl: string; headers: Record<string, string>; fileName: string };

const signedQuery = (url: string) => new URL(url).searchParams;
const signedHeaders = (url: string) => signedQuery(url).get('X-Amz-SignedHeaders')?.split(';');

describe('presigned upload URLs', () => {
  it('sign the image type and a declared size, and carry no checksum of an empty body', async () => {
    const name = `signed-${Date.now()}.png`;
    const result = await invoke<Target>(
      getUploadURL,
      apiEvent({ ...INVENTORY, body: { fileName: name, bucket: 'images', size: 68 } }),
    );
    expect(result.status).toBe(200);
    expect(result.body.headers).toEqual({ 'content-type': 'image/png' });
    const query = signedQuery(result.body.uploadUrl);
    expect(signedHeaders(result.body.uploadUrl)).toEqual(['content-length', 'content-type', 'host']);
    expect([...query.keys()].filter((key) => /checksum/i.test(key))).toEqual([]);
    expect(query.get('X-Amz-Expires')).toBe('300');
  });

  it('still sign the content type for the spec body (fileName, bucket), with no size', async () => {
    const result = await invoke<Target>(
      getUploadURL,
      apiEvent({ ...INVENTORY, body: { fileName: `spec-${Date.now()}.webp`, bucket: 'images' } }),
    );
    expect(result.status).toBe(200);
    expect(result.body.headers).toEqual({ 'content-type': 'image/webp' });
    expect(signedHeaders(result.body.uploadUrl)).toEqual(['content-type', 'host']);
  });

  it('sign a document as a PDF attachment of its declared size', async () => {
    const result = await invoke<Target>(
      saveDocument,
      apiEvent({
        ...SALES,
        body: { fileName: `signed-${Date.now()}.pdf`, folder: 'invoices', bucket: 'documents', size: 1234 },
      }),
    );
    expect(result.status).toBe(200);
    expect(result.body.headers).toEqual({ 'content-type': 'application/pdf', 'content-disposition': 'attachment' });
    expect(signedHeaders(result.body.uploadUrl)).toEqual([
      'content-disposition',
      'content-length',
      'content-type',
      'host',
    ]);
    expect([...signedQuery(result.body.uploadUrl).keys()].filter((key) => /checksum/i.test(key))).toEqual([]);
  });

  it.each([
    [getUploadURL, INVENTORY, { fileName: 'big.png', bucket: 'images', size: 5 * 1024 * 1024 + 1 }, 'at most 5 MB'],
    [
      saveDocument,
      SALES,
      { fileName: 'big.pdf', folder: 'invoices', bucket: 'documents', size: 20 * 1024 * 1024 + 1 },
      'at most 20 MB',
    ],
    [getUploadURL, INVENTORY, { fileName: 'x.png', bucket: 'images', size: 0 }, 'at least 1'],
    [getUploadURL, INVENTORY, { fileName: 'x.png', bucket: 'images', size: 1.5 }, 'whole number'],
    [getUploadURL, INVENTORY, { fileName: 'x.png', bucket: 'images', size: '12' }, 'Size must be a number'],
  ])('refuse a declared size outside the limit (%#)', async (handler, caller, body, message) => {
    const result = await invoke<{ message: string }>(handler, apiEvent({ ...caller, body }));
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
  });
});

describe('document links', () => {
  it('serve a document stored by the spec body as a PDF attachment', async () => {
    const fileName = `spec-doc-${Date.now()}.pdf`;
    const saved = await invoke<Target>(
      saveDocument,
      apiEvent({ ...SALES, body: { fileName, folder: 'invoices', bucket: 'documents' } }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.headers).toEqual({ 'content-type': 'application/pdf' });
    const put = await fetch(saved.body.uploadUrl, { method: 'PUT', headers: saved.body.headers, body: '%PDF-1.4\n' });
    expect(put.ok).toBe(true);

    const link = await invoke<{ url: string }>(
      getDocumentURL,
      apiEvent({ ...SALES, params: { folder: 'invoices', fileName } }),
    );
    expect(link.status).toBe(200);
    const query = signedQuery(link.body.url);
    expect(query.get('response-content-type')).toBe('application/pdf');
    expect(query.get('response-content-disposition')).toBe('attachment');
    const got = await fetch(link.body.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe('attachment');
    expect(await got.text()).toBe('%PDF-1.4\n');
  });
});

describe('the S3 client', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  afterAll(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('gives up on a storage that never answers with a 503 and a message', async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const real = process.env.AWS_ENDPOINT_URL_S3;
    const raised = [process.env.SDK_CONNECTION_TIMEOUT_MS, process.env.SDK_REQUEST_TIMEOUT_MS];
    delete process.env.SDK_CONNECTION_TIMEOUT_MS; // the deployed defaults, not the local stack's raised ones
    delete process.env.SDK_REQUEST_TIMEOUT_MS;
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${port}`;
    resetClients();
    const started = Date.now();
    try {
      const result = await invoke<{ message: string; code: string }>(
        list,
        apiEvent({ ...INVENTORY, params: { bucket: 'images' } }),
      );
      expect(result).toMatchObject({
        status: 503,
        body: { message: 'A service did not answer in time; please try again', code: 'ServiceUnavailableError' },
      });
      // Three attempts of at most 2 s each, inside the functions' 15 s timeout.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(sockets.length).toBeGreaterThanOrEqual(1);
    } finally {
      process.env.AWS_ENDPOINT_URL_S3 = real;
      if (raised[0] !== undefined) process.env.SDK_CONNECTION_TIMEOUT_MS = raised[0];
      if (raised[1] !== undefined) process.env.SDK_REQUEST_TIMEOUT_MS = raised[1];
      resetClients();
    }
  }, 20_000);
});
