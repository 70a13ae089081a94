import { describe, expect, it } from 'vitest';
import { presignedRequestMatches } from '../support/presigned-check';
import { call, stackInfo, tokenFor } from '../support/stack';

/** The key pair the local functions sign with (s3rver accepts only its own). */
const SECRET = 'S3RVER';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(document.domain)</script></html>');

type Target = { uploadUrl: string; headers: Record<string, string>; url: string; fileName: string };
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function signImage(body: Record<string, unknown>) {
  return call<Target & { message: string }>('POST', '/api/storage/getUploadURL', {
    token: await tokenFor('INVENTORY'),
    body,
  });
}

describe('uploads run no script in the site origin', () => {
  it.each([
    [{ fileName: 'x.svg', bucket: 'images', contentType: 'image/svg+xml' }],
    [{ fileName: 'x.svg', bucket: 'images' }],
    [{ fileName: 'x.html', bucket: 'images', contentType: 'text/html' }],
    [{ fileName: 'x.html', bucket: 'images' }],
    [{ fileName: 'x.png', bucket: 'images', contentType: 'text/html' }],
    [{ fileName: 'x.png', bucket: 'images', contentType: 'image/svg+xml' }],
  ])('refuses to sign %o with a 400 naming the raster types', async (body) => {
    const result = await signImage(body);
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('Only PNG, JPEG, WebP or GIF images can be uploaded');
  });

  it('refuses a document that is not a PDF', async () => {
    const result = await call<{ message: string }>('POST', '/api/storage/saveDocument', {
      token: await tokenFor('SALES'),
      body: { fileName: 'x.pdf', folder: 'invoices', bucket: 'documents', contentType: 'text/html' },
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain('Only PDF documents (application/pdf) can be saved');
  });

  it.each([
    ['/api/storage/getUploadURL', 'INVENTORY', { bucket: 'images', fileName: 'huge.png', size: 6 * 1024 * 1024 }],
    [
      '/api/storage/saveDocument',
      'SALES',
      { bucket: 'documents', folder: 'invoices', fileName: 'huge.pdf', size: 21 * 1024 * 1024 },
    ],
  ] as const)('refuses a declared size over the limit on %s', async (path, role, body) => {
    const result = await call<{ message: string }>('POST', path, { token: await tokenFor(role), body });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/may be at most (5|20) MB; this file is (6|21) MB/);
  });

  it('signs the image type and size: S3 would refuse HTML, another type or another length on that URL', async () => {
    const signed = await signImage({ fileName: `signed-${unique()}.png`, bucket: 'images', size: PNG.length });
    expect(signed.status).toBe(200);
    const { uploadUrl, headers } = signed.body;
    expect(new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const matches = (sent: Record<string, string | number>) => presignedRequestMatches('PUT', uploadUrl, sent, SECRET);

    // The check accepts the request the server agreed to, so its refusals below are the signature's.
    expect(matches({ ...headers, 'content-length': PNG.length })).toBe(true);
    expect(matches({ 'content-type': 'text/html', 'content-length': PNG.length })).toBe(false);
    expect(matches({ 'content-type': 'image/svg+xml', 'content-length': PNG.length })).toBe(false);
    expect(matches({ ...headers, 'content-length': HTML.length })).toBe(false);
    expect(matches({ ...headers, 'content-length': 50 * 1024 * 1024 })).toBe(false);
    expect(matches({ 'content-length': PNG.length })).toBe(false);
  });

  it('signs the type of the spec bodies (no size), and S3 would refuse HTML there too', async () => {
    const signed = await signImage({ fileName: `spec-${unique()}.png`, bucket: 'images' });
    expect(signed.status).toBe(200);
    const { uploadUrl } = signed.body;
    expect(presignedRequestMatches('PUT', uploadUrl, { 'content-type': 'image/png' }, SECRET)).toBe(true);
    expect(presignedRequestMatches('PUT', uploadUrl, { 'content-type': 'text/html' }, SECRET)).toBe(false);

    const document = await call<Target>('POST', '/api/storage/saveDocument', {
      token: await tokenFor('SALES'),
      body: { fileName: `spec-${unique()}.pdf`, folder: 'invoices', bucket: 'documents' },
    });
    expect(document.status).toBe(200);
    expect(document.body.headers).toEqual({ 'content-type': 'application/pdf' });
    const sent = (type: string) =>
      presignedRequestMatches('PUT', document.body.uploadUrl, { 'content-type': type }, SECRET);
    expect(sent('application/pdf')).toBe(true);
    expect(sent('text/html')).toBe(false);
  });

  it('uploads a PNG with the returned headers, and the site serves it back as image/png', async () => {
    const signed = await signImage({ fileName: `ok-${unique()}.png`, bucket: 'images', size: PNG.length });
    expect(signed.status).toBe(200);
    const put = await fetch(signed.body.uploadUrl, { method: 'PUT', headers: signed.body.headers, body: PNG });
    expect(put.status).toBe(200);
    expect(signed.body.url).toBe(`${stackInfo().webUrl}/images/${signed.body.fileName}`);
    const served = await fetch(signed.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores a declared-size document as a PDF attachment, both signed', async () => {
    const token = await tokenFor('SALES');
    const signed = await call<Target>('POST', '/api/storage/saveDocument', {
      token,
      body: { fileName: `sec-${unique()}.pdf`, folder: 'invoices', bucket: 'documents', size: PDF.length },
    });
    expect(signed.status).toBe(200);
    const { uploadUrl, headers } = signed.body;
    expect(headers).toEqual({ 'content-type': 'application/pdf', 'content-disposition': 'attachment' });
    const matches = (sent: Record<string, string | number>) => presignedRequestMatches('PUT', uploadUrl, sent, SECRET);
    expect(matches({ ...headers, 'content-length': PDF.length })).toBe(true);
    expect(matches({ ...headers, 'content-disposition': 'inline', 'content-length': PDF.length })).toBe(false);
    expect(matches({ ...headers, 'content-type': 'text/html', 'content-length': PDF.length })).toBe(false);

    expect((await fetch(uploadUrl, { method: 'PUT', headers, body: PDF })).status).toBe(200);
    const link = await call<{ url: string }>(
      'GET',
      `/api/storage/getDocumentURL/invoices/${encodeURIComponent(signed.body.fileName)}`,
      { token },
    );
    expect(link.status).toBe(200);
    // The GET is signed with its response overrides: S3 would refuse the link asking to render inline.
    expect(presignedRequestMatches('GET', link.body.url, {}, SECRET)).toBe(true);
    const inline = link.body.url.replace(
      'response-content-disposition=attachment',
      'response-content-disposition=inline',
    );
    expect(inline).not.toBe(link.body.url);
    expect(presignedRequestMatches('GET', inline, {}, SECRET)).toBe(false);
    const stored = await fetch(link.body.url);
    expect(stored.headers.get('content-type')).toBe('application/pdf');
    expect(stored.headers.get('content-disposition')).toBe('attachment');
  });
});
