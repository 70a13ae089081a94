import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BucketName, StoredFile } from '@bo/shared';
import { config } from '../../config';
import { NotFoundError } from '../../domain';
import { s3Client } from './client';

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
  let ContinuationToken: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucketName(bucket), Prefix: `${PREFIX[bucket]}${filter}`, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) {
      const name = object.Key!.slice(PREFIX[bucket].length);
      if (!name) continue;
      files.push({
        name,
        url: publicUrl(bucket, name),
        ...(object.Size === undefined ? {} : { size: object.Size }),
        ...(object.LastModified ? { lastModified: object.LastModified.toISOString() } : {}),
      });
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken && files.length < 5000);
  return files.sort(
    (a, b) => (b.lastModified ?? '').localeCompare(a.lastModified ?? '') || a.name.localeCompare(b.name),
  );
}

export async function exists(bucket: BucketName, name: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: `${PREFIX[bucket]}${name}` }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound') return false;
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
 * must carry. The presigner leaves Content-Type unsigned unless told (X-Amz-SignedHeaders=host let any type
 * through), so the signed headers are named; a header named but absent from the command is not signed.
 */
export async function uploadUrl(bucket: BucketName, name: string, terms: UploadTerms) {
  const command = new PutObjectCommand({
    Bucket: bucketName(bucket),
    Key: `${PREFIX[bucket]}${name}`,
    ContentType: terms.contentType,
    ContentLength: terms.size,
    ContentDisposition: terms.contentDisposition,
  });
  const url = await getSignedUrl(s3Client(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length', 'content-disposition']),
  });
  const headers = { 'content-type': terms.contentType, 'content-disposition': terms.contentDisposition };
  if (!terms.contentDisposition) delete headers['content-disposition'];
  return { uploadUrl: url, headers };
}

export async function deleteFile(bucket: BucketName, name: string): Promise<void> {
  if (!(await exists(bucket, name))) throw new NotFoundError('No such file');
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: `${PREFIX[bucket]}${name}` }));
}

/**
 * A presigned GET for one stored file, valid for `seconds`. Documents always come back as a PDF attachment,
 * whatever type and disposition the upload stored (a spec client's PUT signs neither size nor disposition).
 */
export async function downloadUrl(bucket: BucketName, name: string, seconds = DOCUMENT_URL_SECONDS) {
  const command = new GetObjectCommand({
    Bucket: bucketName(bucket),
    Key: `${PREFIX[bucket]}${name}`,
    ...(bucket === 'documents' && { ResponseContentType: 'application/pdf', ResponseContentDisposition: 'attachment' }),
  });
  return getSignedUrl(s3Client(), command, { expiresIn: seconds });
}
