import { describe, expect, it } from 'vitest';
import { saveDocumentBody, UPLOAD_LIMIT_BYTES, uploadSizeProblem, uploadUrlBody } from '../src';

const MB = 1024 * 1024;

describe('upload size rule', () => {
  it('allows up to 5 MB for images and 20 MB for documents, exactly', () => {
    expect(UPLOAD_LIMIT_BYTES).toEqual({ images: 5 * MB, documents: 20 * MB });
    expect(uploadSizeProblem('images', 1)).toBeUndefined();
    expect(uploadSizeProblem('images', 5 * MB)).toBeUndefined();
    expect(uploadSizeProblem('documents', 20 * MB)).toBeUndefined();
  });

  it('names the limit and the file size, rounded up so one byte over never reads as the limit', () => {
    expect(uploadSizeProblem('images', 5 * MB + 1)).toBe('An image may be at most 5 MB; this file is 5.1 MB');
    expect(uploadSizeProblem('documents', 25.5 * MB)).toBe('A document may be at most 20 MB; this file is 25.5 MB');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s bytes', (size) => {
    expect(uploadSizeProblem('images', size)).toBe('Size must be a whole number of bytes, at least 1');
  });
});

describe('upload bodies', () => {
  it('keep the spec body (no size) and take an optional size', () => {
    expect(uploadUrlBody.parse({ fileName: 'a.png', bucket: 'images' })).toEqual({
      fileName: 'a.png',
      bucket: 'images',
      contentType: 'image/png',
    });
    expect(uploadUrlBody.parse({ fileName: 'a.gif', bucket: 'images', size: 10 })).toMatchObject({
      contentType: 'image/gif',
      size: 10,
    });
    expect(
      saveDocumentBody.parse({ fileName: 'a.pdf', folder: 'invoices', bucket: 'documents', size: 10 }),
    ).toMatchObject({ contentType: 'application/pdf', size: 10 });
  });

  it('refuse SVG and an oversized declared size', () => {
    expect(uploadUrlBody.safeParse({ fileName: 'a.svg', bucket: 'images' }).success).toBe(false);
    const big = uploadUrlBody.safeParse({ fileName: 'a.png', bucket: 'images', size: 6 * MB });
    expect(big.error?.issues[0]).toMatchObject({
      path: ['size'],
      message: 'An image may be at most 5 MB; this file is 6 MB',
    });
  });
});
