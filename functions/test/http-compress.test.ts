import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, GZIP_ABOVE_BYTES } from '../src/http';

const response = (body: string) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body });
const large = JSON.stringify({ res: Array.from({ length: 4000 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}` })) });

describe('large responses are gzipped (the 6 MB Lambda response limit)', () => {
  it('gzips a body above the threshold for a client that accepts gzip, and it decodes back', () => {
    expect(Buffer.byteLength(large)).toBeGreaterThan(GZIP_ABOVE_BYTES);
    const out = compress(response(large), 'gzip, deflate, br');
    expect(out.isBase64Encoded).toBe(true);
    expect(out.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    const decoded = gunzipSync(Buffer.from(out.body!, 'base64')).toString();
    expect(decoded).toBe(large);
    expect(out.body!.length).toBeLessThan(large.length / 4);
  });
  it('leaves small bodies and clients without gzip alone', () => {
    expect(compress(response('{"ok":true}'), 'gzip')).toEqual(response('{"ok":true}'));
    expect(compress(response(large), undefined)).toEqual(response(large));
    expect(compress(response(large), 'identity')).toEqual(response(large));
  });
});
