import type { BucketName, StoredFile } from '@bo/shared';
import { config } from '../../config';
import { NotFoundError } from '../../domain';
import { s3Client } from './client';
import { parseListPage } from './list-result';
import { isNotFound } from './s3-errors';

/**
 * Files in the two buckets. Images sit under `images/` and are served by the site itself at
 * `${SITE_URL}/images/<name>` (CloudFront's `/images/*` behaviour; the local gateway does the same),
 * so the stored image address is that URL. Uploads go straight from the browser with a presigned PUT.
 * Documents sit under their folder (`invoices/`, `purchaseOrders/`): a document's name here is its key,
 * `invoices/x.pdf`, and its address the shareable `${SITE_URL}/documents/invoices/x.pdf`, which the web app
 * resolves (for a signed-in reader) to a short-lived presigned GET (`documentUrl`).
 */
export const PREFIX: Record<BucketName, string> = { images: 'images/', documents: '' };
const UPLOAD_URL_SECONDS = 300;
export const DOCUMENT_URL_SECONDS = 60;

const bucketName = (bucket: BucketName) => (bucket === 'images' ? config.imagesBucket : config.documentsBucket);
export const publicUrl = (bucket: BucketName, name: string) =>
  `${config.siteUrl}/${bucket}/${bucket === 'documents' ? name.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(name)}`;

export async function listFiles(bucket: BucketName, filter = ''): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  let token: string | undefined;
  do {
    const answer = await s3Client().send({
      method: 'GET',
      bucket: bucketName(bucket),
      query: {
        'list-type': '2',
        prefix: `${PREFIX[bucket]}${filter}`,
        ...(token ? { 'continuation-token': token } : {}),
      },
    });
    const page = parseListPage(answer.body);
    for (const object of page.objects) {
      const name = object.key.slice(PREFIX[bucket].length);
      if (!name) continue;
      files.push({
        name,
        url: publicUrl(bucket, name),
        ...(object.size === undefined ? {} : { size: object.size }),
        ...(object.lastModified ? { lastModified: object.lastModified.toISOString() } : {}),
      });
    }
    token = page.nextToken;
  } while (token && files.length < 5000);
  return files.sort(
    (a, b) => (b.lastModified ?? '').localeCompare(a.lastModified ?? '') || a.name.localeCompare(b.name),
  );
}

export async function exists(bucket: BucketName, name: string): Promise<boolean> {
  try {
    await s3Client().send({ method: 'HEAD', bucket: bucketName(bucket), key: `${PREFIX[bucket]}${name}` });
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** A name not yet taken: `logo.png`, else `logo-2.png`, `logo-3.png`, … */
export async function freeName(bucket: BucketName, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? name : `${stem}-${n}${ext}`;
    if (!(await exists(bucket, candidate))) return candidate;
  }
  return `${stem}-${Date.now()}${ext}`;
}

/** What a presigned PUT is bound to besides its key. */
export interface UploadTerms {
  contentType: string;
  /** The declared byte size: signed as Content-Length, so S3 refuses any other length. */
  size?: number;
  /** Stored as the object's Content-Disposition (signed, so the PUT must send it). */
  contentDisposition?: string;
}

/**
 * A presigned PUT bound to the key, the content type and what else the terms name, and the headers the PUT
 * must carry: every one of them is signed (X-Amz-SignedHeaders names them beside `host`), so S3 refuses the
 * URL with another type, length or disposition. The URL is the one the SDK's presigner gives for the same
 * PutObject with those headers named signable (`x-id` included; checked by storage-presign.test.ts).
 */
export async function uploadUrl(bucket: BucketName, name: string, terms: UploadTerms) {
  const headers: { 'content-type': string; 'content-disposition'?: string } = { 'content-type': terms.contentType };
  if (terms.contentDisposition) headers['content-disposition'] = terms.contentDisposition;
  const url = await s3Client().presign(
    {
      method: 'PUT',
      bucket: bucketName(bucket),
      key: `${PREFIX[bucket]}${name}`,
      query: { 'x-id': 'PutObject' },
      headers: { ...headers, ...(terms.size === undefined ? {} : { 'content-length': String(terms.size) }) },
    },
    UPLOAD_URL_SECONDS,
  );
  return { uploadUrl: url, headers };
}

export async function deleteFile(bucket: BucketName, name: string): Promise<void> {
  if (!(await exists(bucket, name))) throw new NotFoundError('No such file');
  await s3Client().send({ method: 'DELETE', bucket: bucketName(bucket), key: `${PREFIX[bucket]}${name}` });
}

/**
 * A presigned GET for one stored file, valid for `seconds`. Documents always come back as a PDF attachment,
 * whatever type and disposition the upload stored (a spec client's PUT signs neither size nor disposition).
 */
export async function downloadUrl(
  bucket: BucketName,
  name: string,
  seconds = DOCUMENT_URL_SECONDS,
  contentType = 'application/pdf',
) {
  return s3Client().presign(
    {
      method: 'GET',
      bucket: bucketName(bucket),
      key: `${PREFIX[bucket]}${name}`,
      query: {
        ...(bucket === 'documents' && {
          'response-content-type': contentType,
          'response-content-disposition': 'attachment',
        }),
        'x-id': 'GetObject',
      },
    },
    seconds,
  );
}

/** A stored file's bytes, or undefined when there is none. */
export async function readFile(bucket: BucketName, name: string): Promise<Uint8Array | undefined> {
  try {
    return (await s3Client().send({ method: 'GET', bucket: bucketName(bucket), key: `${PREFIX[bucket]}${name}` }))
      .bytes;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Stores a file the server made (an import's dry run), replacing any with its name. */
export async function writeFile(bucket: BucketName, name: string, body: Uint8Array, contentType: string) {
  await s3Client().send({
    method: 'PUT',
    bucket: bucketName(bucket),
    key: `${PREFIX[bucket]}${name}`,
    headers: { 'content-type': contentType },
    body,
  });
}
