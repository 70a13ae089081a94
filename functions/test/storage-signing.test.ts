import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resetClients } from '../src/data';
import { s3Location } from '../src/data/storage/s3-address';
import { S3Http } from '../src/data/storage/s3-http';
import { handler as remove } from '../src/handlers/storage/delete';
import { handler as getDocumentURL } from '../src/handlers/storage/getDocumentURL';
import { handler as getUploadURL } from '../src/handlers/storage/getUploadURL';
import { handler as list } from '../src/handlers/storage/list';
import { handler as saveDocument } from '../src/handlers/storage/saveDocument';
import { apiEvent, invoke } from './support/event';
import { useFreshTable } from './support/env';
import { type SignatureProxy, startSignatureProxy } from './support/s3-signature-proxy';

/**
 * s3rver checks no signature, so here every request the storage routes send (HEAD, List, DELETE) and every
 * presigned URL they hand out (PUT, GET) goes through a proxy that checks it with S3's algorithm, re-derived,
 * and refuses what S3 would refuse. The functions sign as a Lambda does: with a role's session token.
 */
const SECRET = 'S3RVER'; // the key pair s3rver accepts (functions/test/support/env.ts)
const SESSION_TOKEN = 'IQoJb3JpZ2luX2VjEXAMPLE/session+token=';
const INVENTORY = { sub: 'signing-inventory', roles: ['INVENTORY' as const] };
const SALES = { sub: 'signing-sales', roles: ['SALES' as const] };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

type Target = { uploadUrl: string; headers: Record<string, string>; fileName: string };

let proxy: SignatureProxy;

beforeAll(async () => {
  await useFreshTable();
  proxy = await startSignatureProxy(inject('stack')!.s3.endpoint, SECRET);
  Object.assign(process.env, {
    SITE_URL: 'http://site.test',
    AWS_ENDPOINT_URL_S3: proxy.endpoint,
    AWS_SESSION_TOKEN: SESSION_TOKEN,
  });
  resetClients();
});
afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_S3 = inject('stack')!.s3.endpoint;
  delete process.env.AWS_SESSION_TOKEN;
  resetClients();
  await proxy?.close();
});

describe('what the storage routes sign', () => {
  it('every call and every presigned URL is signed as S3 checks it', async () => {
    const stem = `signed-${Date.now()}`;
    const image = await invoke<Target>(
      getUploadURL,
      apiEvent({ ...INVENTORY, body: { fileName: `${stem}.png`, bucket: 'images', size: PNG.length } }),
    );
    expect(image.status).toBe(200);
    const put = await fetch(image.body.uploadUrl, { method: 'PUT', headers: image.body.headers, body: PNG });
    expect(put.status).toBe(200);

    const second = await invoke<Target>(
      getUploadURL,
      apiEvent({ ...INVENTORY, body: { fileName: `${stem}.png`, bucket: 'images' } }),
    );
    expect(second.body.fileName).toBe(`${stem}-2.png`); // a HEAD found the first, another one the free name

    const listed = await invoke<Array<{ name: string; size: number }>>(
      list,
      apiEvent({ ...SALES, params: { bucket: 'images' }, query: { filter: stem } }),
    );
    expect(listed).toMatchObject({ status: 200, body: [{ name: `${stem}.png`, size: PNG.length }] });

    const document = await invoke<Target>(
      saveDocument,
      apiEvent({
        ...SALES,
        body: { fileName: `${stem}.pdf`, folder: 'invoices', bucket: 'documents', size: PDF.length },
      }),
    );
    expect(document.status).toBe(200);
    const saved = await fetch(document.body.uploadUrl, { method: 'PUT', headers: document.body.headers, body: PDF });
    expect(saved.status).toBe(200);
    const link = await invoke<{ url: string }>(
      getDocumentURL,
      apiEvent({ ...SALES, params: { folder: 'invoices', fileName: `${stem}.pdf` } }),
    );
    expect(link.status).toBe(200);
    const got = await fetch(link.body.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);

    const deleted = await invoke(
      remove,
      apiEvent({ ...INVENTORY, body: { fileName: `${stem}.png`, bucket: 'images' } }),
    );
    expect(deleted.status).toBe(200);
    const after = await invoke<unknown[]>(
      list,
      apiEvent({ ...SALES, params: { bucket: 'images' }, query: { filter: stem } }),
    );
    expect(after.body).toEqual([]);

    expect(proxy.requests.filter((r) => !r.accepted)).toEqual([]);
    const kinds = new Set(
      proxy.requests.map((r) => `${r.method} ${r.signedIn}${r.url.includes('list-type=2') ? ' (list)' : ''}`),
    );
    expect([...kinds].sort()).toEqual(['DELETE header', 'GET header (list)', 'GET query', 'HEAD header', 'PUT query']);
  });

  it('the check refuses what S3 would refuse: another secret, or a PUT of another type', async () => {
    const stranger = new S3Http(s3Location(), { accessKeyId: SECRET, secretAccessKey: 'not-the-secret' });
    await expect(
      stranger.send({ method: 'GET', bucket: process.env.IMAGES_BUCKET!, query: { 'list-type': '2' } }),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });

    const image = await invoke<Target>(
      getUploadURL,
      apiEvent({ ...INVENTORY, body: { fileName: `refused-${Date.now()}.png`, bucket: 'images' } }),
    );
    const html = await fetch(image.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: '<script>alert(1)</script>',
    });
    expect(html.status).toBe(403);
    expect(proxy.requests.at(-1)).toMatchObject({ method: 'PUT', signedIn: 'query', accepted: false });
  });
});
