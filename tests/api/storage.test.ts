import { describe, expect, it } from 'vitest';
import { call, stackInfo, tokenFor } from '../support/stack';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(name: string, token: string) {
  const asked = await call<{ uploadUrl: string; url: string; fileName: string }>('POST', '/api/storage/getUploadURL', {
    token,
    body: { fileName: name, bucket: 'images', contentType: 'image/png' },
  });
  expect(asked.status).toBe(200);
  const put = await fetch(asked.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
  expect(put.status).toBe(200);
  return asked.body;
}

describe('image storage', () => {
  it('uploads through a presigned PUT, lists, serves from the site, and deletes', async () => {
    const token = await tokenFor('INVENTORY');
    const name = `e2e-${Date.now()}.png`;
    const { url, fileName } = await upload(name, token);
    expect(fileName).toBe(name);
    expect(url).toBe(`${stackInfo().webUrl}/images/${name}`);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const listed = await call<Array<{ name: string; url: string }>>('GET', '/api/storage/list/images', {
      token: await tokenFor('SALES'),
    });
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ name, url })]));

    const again = await upload(name, token);
    expect(again.fileName).toBe(name.replace('.png', '-2.png'));

    expect(
      (await call('DELETE', '/api/storage/delete', { token, body: { fileName: name, bucket: 'images' } })).status,
    ).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    const missing = await call<{ message: string }>('DELETE', '/api/storage/delete', {
      token,
      body: { fileName: name, bucket: 'images' },
    });
    expect(missing).toMatchObject({ status: 404, body: { message: 'No such file' } });
  });

  it.each([
    [
      { fileName: '../etc/passwd.png', bucket: 'images', contentType: 'image/png' },
      'File name must not contain slashes or ..',
    ],
    [{ fileName: 'a/b.png', bucket: 'images', contentType: 'image/png' }, 'File name must not contain slashes or ..'],
    [{ fileName: 'x.png', bucket: 'documents', contentType: 'image/png' }, 'Images go to the images bucket'],
    [
      { fileName: 'x.html', bucket: 'images', contentType: 'text/html' },
      'Only PNG, JPEG, WebP or GIF images can be uploaded',
    ],
    [{ fileName: 'x.html', bucket: 'images' }, 'the file name must end in .png, .jpg, .jpeg, .webp or .gif'],
    [{ fileName: 'logo.svg', bucket: 'images' }, 'Only PNG, JPEG, WebP or GIF images can be uploaded'],
    [
      { fileName: 'x.jpg', bucket: 'images', contentType: 'image/png' },
      'Content type image/png does not match the file name (image/jpeg)',
    ],
    [{ fileName: '<script>.png', bucket: 'images', contentType: 'image/png' }, 'File name may hold letters'],
  ])('refuses to sign %o', async (body, message) => {
    const result = await call<{ message: string }>('POST', '/api/storage/getUploadURL', {
      token: await tokenFor('PURCHASING'),
      body,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toContain(message);
  });

  it('lets only catalogue writers upload or delete', async () => {
    const body = { fileName: 'x.png', bucket: 'images', contentType: 'image/png' };
    expect((await call('POST', '/api/storage/getUploadURL', { token: await tokenFor('SALES'), body })).status).toBe(
      403,
    );
    expect((await call('GET', '/api/storage/list/nope', { token: await tokenFor('SALES') })).status).toBe(400);
  });
});
