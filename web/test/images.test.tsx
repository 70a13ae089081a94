import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from './helpers';
import { ADMIN, makeBrand, preloadCatalogModules } from './brands-fixtures';
import {
  imageContentType,
  imageUploadProblem,
  sanitizeFileName,
  uploadFileName,
} from '../src/components/ImageSelectionModal';

beforeAll(preloadCatalogModules);
afterEach(() => vi.unstubAllGlobals());

const IMAGES_PATH = '/api/storage/list/images';
const BASE = 'http://s3.local/images';

/** A stand-in for the browser's XMLHttpRequest: the test decides when progress and completion arrive. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number) {
    this.status = status;
    if (status === 0) this.onerror?.();
    else this.onload?.();
  }
}

function setup(images: Array<{ name: string; url: string }>) {
  let files = images;
  let releaseUploadUrl: () => void = () => undefined;
  const api = fakeApi()
    .on('GET', '/api/db/brands/getBrandsWithProductCount', { body: [{ ...makeBrand(), count: 0 }] })
    .on('GET', '/api/db/users/getAll', { body: { res: [] } })
    .on('GET', IMAGES_PATH, () => ({ body: files }))
    .on('POST', '/api/storage/getUploadURL', (call) => {
      const { fileName } = call.body as { fileName: string };
      files = [...files, { name: fileName, url: `${BASE}/${fileName}` }];
      return {
        body: {
          uploadUrl: `${BASE}/${fileName}?X-Amz-Signature=abc`,
          headers: { 'content-type': 'image/png' },
          url: `${BASE}/${fileName}`,
          fileName,
        },
      };
    })
    .on('DELETE', '/api/storage/delete', (call) => {
      files = files.filter((f) => f.name !== (call.body as { fileName: string }).fileName);
      return { body: { ok: true } };
    })
    .on('POST', '/api/db/brands/addNew', (call) => ({ body: makeBrand({ id: 'b-9', ...(call.body as object) }) }));
  // Hold the upload-URL answer until the test lets it go, to see 'Preparing upload...'.
  const fetchStub = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/api/storage/getUploadURL'))
      await new Promise<void>((resolve) => (releaseUploadUrl = resolve));
    return fetchStub(input, init);
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.last = undefined;
  renderApp('/brands', ADMIN);
  return { api, release: () => releaseUploadUrl() };
}

async function openImageSelection() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add brand' }));
  const brandDialog = await screen.findByRole('dialog', { name: 'Add New Brand' });
  await user.click(within(brandDialog).getByRole('button', { name: 'Choose image' }));
  const dialog = await screen.findByRole('dialog', { name: 'Image Selection' });
  return { user, brandDialog, dialog };
}

describe('Image Selection dialog', () => {
  it('shows the empty text, then uploads with the spec messages in order and lists the new image', async () => {
    const { api, release } = setup([]);
    const { user, dialog } = await openImageSelection();
    expect(await within(dialog).findByText('No images in this bucket, please upload your image above')).toBeVisible();

    const file = new File(['png'], 'Logo: Acme.png', { type: 'image/png' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);

    expect(await within(dialog).findByText('Preparing upload...')).toBeInTheDocument();
    expect(within(dialog).queryByText('Uploading...')).not.toBeInTheDocument();
    release();

    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    expect(within(dialog).queryByText('Preparing upload...')).not.toBeInTheDocument();
    expect(within(dialog).getAllByText('Uploading...').length).toBeGreaterThan(0);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    // Exactly the headers the server signed.
    expect(xhr.headers).toEqual({ 'content-type': 'image/png' });
    expect(xhr.body).toBe(file);
    const asked = api.callsTo('POST', '/api/storage/getUploadURL')[0]?.body as { fileName: string };
    // Sanitized before asking: no path, no '..', only letters, digits, spaces and . _ - ( ) +; the size is signed.
    expect(asked).toEqual({ fileName: 'Logo_ Acme.png', bucket: 'images', contentType: 'image/png', size: 3 });
    expect(xhr.url).toBe(`${BASE}/${asked.fileName}?X-Amz-Signature=abc`);

    xhr.progress(50, 100);
    await waitFor(() => expect(within(dialog).getByRole('progressbar')).toHaveAttribute('value', '50'));

    xhr.finish(200);
    expect(await within(dialog).findByText('Upload successful')).toBeInTheDocument();
    expect(within(dialog).queryByText('Uploading...')).not.toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: `Select ${asked.fileName}` })).toBeInTheDocument();
  });

  it('says Upload failed when the PUT is refused', async () => {
    const { release } = setup([]);
    const { user, dialog } = await openImageSelection();
    await within(dialog).findByText('No images in this bucket, please upload your image above');
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    release();
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    FakeXhr.last!.finish(403);
    expect(await within(dialog).findByText('Upload failed')).toBeInTheDocument();
  });

  it('refuses an image over 5 MB before asking for an upload URL', async () => {
    const { api } = setup([]);
    const { user, dialog } = await openImageSelection();
    await within(dialog).findByText('No images in this bucket, please upload your image above');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, big);
    expect(await within(dialog).findByText('Upload failed')).toBeInTheDocument();
    expect(within(dialog).getByText('An image may be at most 5 MB; this file is 5.1 MB')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/storage/getUploadURL')).toHaveLength(0);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('chooses an image: the address without its query string goes to the form, and the dialog closes', async () => {
    const { api } = setup([{ name: 'acme.png', url: `${BASE}/acme.png?X-Amz-Signature=zzz` }]);
    const { user, brandDialog, dialog } = await openImageSelection();
    await user.click(await within(dialog).findByRole('button', { name: 'Select acme.png' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image Selection' })).not.toBeInTheDocument());
    expect(within(brandDialog).getByRole('button', { name: 'Change image' })).toBeInTheDocument();

    await user.type(within(brandDialog).getByLabelText('Brand name'), 'Comet');
    await user.click(within(brandDialog).getByRole('button', { name: 'Add brand' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/db/brands/addNew')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/db/brands/addNew')[0]?.body).toMatchObject({ image: `${BASE}/acme.png` });
  });

  it('deletes an image only after confirmation and says Image deleted', async () => {
    const { api } = setup([
      { name: 'acme.png', url: `${BASE}/acme.png` },
      { name: 'bolt.png', url: `${BASE}/bolt.png` },
    ]);
    const { user, dialog } = await openImageSelection();
    await user.click(await within(dialog).findByRole('button', { name: 'Delete bolt.png' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete image' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Image deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/storage/delete')[0]?.body).toEqual({ fileName: 'bolt.png', bucket: 'images' });
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Select bolt.png' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('button', { name: 'Select acme.png' })).toBeInTheDocument();
  });
});

describe('image file names and types', () => {
  it('keeps letters, digits, spaces and . _ - ( ) + only, never .. or a path', () => {
    expect(sanitizeFileName('My Logo (v2)+final.png')).toBe('My Logo (v2)+final.png');
    expect(sanitizeFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitizeFileName('café*logo?.jpg')).toBe('cafe_logo_.jpg');
    expect(sanitizeFileName('a..b.png')).toBe('a.b.png');
    expect(sanitizeFileName('.hidden.png')).toBe('hidden.png');
    expect(sanitizeFileName('***.png')).toBe('image.png');
  });

  it('takes the extension, else the browser type; refuses other files (SVG included)', () => {
    expect(imageContentType({ name: 'x.webp', type: '' })).toBe('image/webp');
    expect(imageContentType({ name: 'x.jpg', type: 'image/png' })).toBe('image/jpeg');
    expect(imageContentType({ name: 'x.svg', type: 'image/svg+xml' })).toBeUndefined();
    expect(imageContentType({ name: 'x.bin', type: 'image/png' })).toBe('image/png');
    expect(imageContentType({ name: 'x.pdf', type: 'application/pdf' })).toBeUndefined();
  });

  it('refuses non-raster, empty and oversized files before asking, and names the upload by its type', () => {
    const raster = 'Only PNG, JPEG, WebP or GIF images can be uploaded.';
    expect(imageUploadProblem({ name: 'x.svg', type: 'image/svg+xml', size: 10 })).toBe(raster);
    expect(imageUploadProblem({ name: 'x.html', type: 'text/html', size: 10 })).toBe(raster);
    expect(imageUploadProblem({ name: 'x.png', type: 'image/png', size: 0 })).toBe('The file is empty.');
    expect(imageUploadProblem({ name: 'x.gif', type: 'image/gif', size: 6 * 1024 * 1024 })).toBe(
      'An image may be at most 5 MB; this file is 6 MB',
    );
    expect(imageUploadProblem({ name: 'x.webp', type: '', size: 5 * 1024 * 1024 })).toBeUndefined();
    // The server signs the type the name stands for, so a name without an image extension gets one.
    expect(uploadFileName('scan.bin', 'image/png')).toBe('scan.bin.png');
    expect(uploadFileName('photo', 'image/jpeg')).toBe('photo.jpg');
    expect(uploadFileName('Logo: Acme.PNG', 'image/png')).toBe('Logo_ Acme.PNG');
  });
});
