import { z } from 'zod';

export const BUCKETS = ['images', 'documents'] as const;
export type BucketName = (typeof BUCKETS)[number];
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

/** A plain file name: no path separators, no `..`, a sensible length and characters. */
export const fileName = z
  .string()
  .trim()
  .min(1, 'File name is required')
  .max(200, 'File name is too long')
  .refine((n) => !n.includes('..') && !/[\\/]/.test(n), 'File name must not contain slashes or ..')
  .refine((n) => /^[\w][\w .()+-]*$/.test(n), 'File name may hold letters, digits, spaces and . _ - ( ) + only');

export const bucketParam = z.object({ bucket: z.enum(BUCKETS, { error: 'Unknown bucket' }) });

export const storedFileSchema = z.object({
  name: z.string(),
  url: z.string(),
  size: z.number().optional(),
  lastModified: z.string().optional(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const uploadUrlBody = z
  .object({
    fileName,
    bucket: z.literal('images', { error: 'Images go to the images bucket' }),
    contentType: z.enum(IMAGE_CONTENT_TYPES, { error: 'Only PNG, JPEG, WebP, GIF or SVG images can be uploaded' }),
  })
  .strict();

export const deleteFileBody = z
  .object({ fileName, bucket: z.literal('images', { error: 'Only images can be deleted here' }) })
  .strict();
