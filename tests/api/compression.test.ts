import { describe, expect, it } from 'vitest';
import { stackInfo, tokenFor } from '../support/stack';

describe('large responses over HTTP', () => {
  it('come gzipped when asked for and decode to the same JSON as without', async () => {
    const token = await tokenFor('ADMIN');
    const url = `${stackInfo().webUrl}/api/db/products/getAll`;
    const gzipped = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    const plain = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
    expect(gzipped.status).toBe(200);
    expect(plain.status).toBe(200);
    const plainText = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    // The demo catalogue (120 products) is above the 64 KB threshold.
    expect(plainText.length).toBeGreaterThan(64 * 1024);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const body = (await gzipped.json()) as unknown[];
    expect(body).toEqual(JSON.parse(plainText));
    expect(body.length).toBeGreaterThan(0);
  });
});
