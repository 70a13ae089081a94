import * as z from '../zod';
import { DOCUMENT_CONTENT_TYPE, DOCUMENT_FOLDERS, documentNameProblem } from '../rules/documents';
import { type UploadBucket, uploadSizeProblem } from '../rules/uploads';

export const BUCKETS = ['images', 'documents'] as const;
export type BucketName = (typeof BUCKETS)[number];
/**
 * Raster images only: the site serves images from its own origin, where an SVG could run script.
 * An upload's type follows its file name's extension.
 */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
export const IMAGE_EXTENSIONS: Readonly<Record<string, ImageContentType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const IMAGE_TYPES_MESSAGE = 'Only PNG, JPEG, WebP or GIF images can be uploaded';

/** The image type a file name stands for (by its extension), or undefined when it is not an image name. */
export const imageTypeOfName = (name: string): ImageContentType | undefined =>
  IMAGE_EXTENSIONS[/\.([A-Za-z0-9]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? ''];

/** A plain file name: no path separators, no `..`, a sensible length and characters. */
export const fileName = z.string().check(
  z.trim(),
  z.minLength(1, 'File name is required'),
  z.maxLength(200, 'File name is too long'),
  z.refine((n) => !n.includes('..') && !/[\\/]/.test(n), 'File name must not contain slashes or ..'),
  z.refine((n) => /^[\w][\w .()+-]*$/.test(n), 'File name may hold letters, digits, spaces and . _ - ( ) + only'),
);

/** The byte size a client declares for its upload (optional: the spec's body has none); signed as Content-Length. */
const uploadSize = (bucket: UploadBucket) =>
  z.optional(
    z.number({ error: 'Size must be a number of bytes' }).check(
      z.superRefine((size, ctx) => {
        const problem = uploadSizeProblem(bucket, size);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
  );

/** The headers a presigned PUT must carry, exactly (they are signed); with a declared size, send that many bytes. */
const uploadHeaders = z.object({ 'content-type': z.string(), 'content-disposition': z.optional(z.string()) });

export const bucketParam = z.object({ bucket: z.enum(BUCKETS, { error: 'Unknown bucket' }) });

export const storedFileSchema = z.object({
  name: z.string(),
  url: z.string(),
  size: z.optional(z.number()),
  lastModified: z.optional(z.string()),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/**
 * The spec's body is `fileName, bucket`: the content type follows the name's extension (.png, .jpg, .jpeg,
 * .webp, .gif). `contentType` may still be sent; it must then agree with the name. `size` (bytes, at most
 * 5 MB) binds the upload's length; the web always sends it.
 */
export const uploadUrlBody = z.pipe(
  z
    .strictObject({
      fileName,
      bucket: z.literal('images', { error: 'Images go to the images bucket' }),
      contentType: z.optional(z.enum(IMAGE_CONTENT_TYPES, { error: IMAGE_TYPES_MESSAGE })),
      size: uploadSize('images'),
    })
    .check(
      z.superRefine((body, ctx) => {
        const fromName = imageTypeOfName(body.fileName);
        if (!fromName)
          ctx.addIssue({
            code: 'custom',
            path: ['fileName'],
            message: `${IMAGE_TYPES_MESSAGE}: the file name must end in .png, .jpg, .jpeg, .webp or .gif`,
          });
        else if (body.contentType && body.contentType !== fromName)
          ctx.addIssue({
            code: 'custom',
            path: ['contentType'],
            message: `Content type ${body.contentType} does not match the file name (${fromName})`,
          });
      }),
    ),
  z.transform((body) => ({ ...body, contentType: imageTypeOfName(body.fileName)! })),
);

export const deleteFileBody = z.strictObject({
  fileName,
  bucket: z.literal('images', { error: 'Only images can be deleted here' }),
});

/** A document's file name: a plain `.pdf` name (rules/documents: documentNameProblem). */
export const documentFileName = z.string({ error: 'File name is required' }).check(
  z.trim(),
  z.superRefine((name, ctx) => {
    const problem = documentNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

export const documentFolder = z.enum(DOCUMENT_FOLDERS, {
  error: `Folder must be ${DOCUMENT_FOLDERS.join(' or ')}`,
});

export const saveDocumentBody = z.strictObject({
  fileName: documentFileName,
  folder: documentFolder,
  bucket: z.literal('documents', { error: 'Documents go to the documents bucket' }),
  /** Optional; the upload is signed for application/pdf only. */
  contentType: z._default(
    z.literal(DOCUMENT_CONTENT_TYPE, { error: 'Only PDF documents (application/pdf) can be saved' }),
    DOCUMENT_CONTENT_TYPE,
  ),
  size: uploadSize('documents'),
});

export const uploadUrlSchema = z.object({
  uploadUrl: z.string(),
  headers: uploadHeaders,
  /** The stored image address, `<site>/images/<fileName>`. */
  url: z.string(),
  /** The stored name (a taken name gets a suffix: `x-2.png`). */
  fileName: z.string(),
});

export const savedDocumentSchema = z.object({
  uploadUrl: z.string(),
  headers: uploadHeaders,
  /** The stored name (a taken name gets a suffix: `x-2.pdf`). */
  fileName: z.string(),
  folder: documentFolder,
  /** The shareable link, `<site>/documents/<folder>/<fileName>`. */
  url: z.string(),
});

/** `?filter=invoices/Green_Leaf_1042_`: a key prefix; for documents it must stay under one folder. */
export const listQuery = z.object({
  filter: z.optional(
    z.string().check(
      z.maxLength(200, 'Filter is too long'),
      z.refine((f) => !f.includes('..') && !f.includes('\\'), 'Filter must not contain ..'),
    ),
  ),
});

export const documentParams = z.object({ folder: documentFolder, fileName: documentFileName });

export const documentUrlSchema = z.object({
  /** A presigned GET, valid for `expiresIn` seconds. */
  url: z.string(),
  fileName: z.string(),
  folder: documentFolder,
  expiresIn: z.number(),
});
