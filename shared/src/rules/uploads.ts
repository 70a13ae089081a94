/**
 * What an upload may hold, shared by the browser (refuse before asking) and the API (what it agrees to sign).
 * A declared size is signed into the presigned PUT as its Content-Length, so S3 stores exactly that many bytes.
 */
export type UploadBucket = 'images' | 'documents';

const MB = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES: Readonly<Record<UploadBucket, number>> = { images: 5 * MB, documents: 20 * MB };

/** Stored with every document (signed into its PUT when the client declares the size), so a browser downloads it. */
export const DOCUMENT_CONTENT_DISPOSITION = 'attachment';

/** Rounded up to a tenth, so a file just over the limit never reads as the limit itself. */
const megabytes = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;

/** Why a declared upload size is refused, or undefined when it fits the bucket's limit. */
export function uploadSizeProblem(bucket: UploadBucket, size: number): string | undefined {
  if (!Number.isSafeInteger(size) || size < 1) return 'Size must be a whole number of bytes, at least 1';
  const limit = UPLOAD_LIMIT_BYTES[bucket];
  if (size <= limit) return undefined;
  const what = bucket === 'images' ? 'An image' : 'A document';
  return `${what} may be at most ${megabytes(limit)}; this file is ${megabytes(size)}`;
}
