import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../local/src/gateway';
import { fromRoot } from '../local/src/paths';

const dist = fromRoot('web/dist');
const built = existsSync(`${dist}/index.html`);

/** The production build served by `npm start -- --static` (and the browser tests) moves the bytes CloudFront would. */
describe.skipIf(!built)('the static site, locally', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let script: string;

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      issuer: 'http://127.0.0.1:9/local_pool',
      clientId: 'local',
      web: 'static',
      imagesOrigin: 'http://127.0.0.1:9/images',
      webConfig: {
        region: 'local',
        userPoolId: 'local_pool',
        userPoolClientId: 'local',
        userPoolEndpoint: 'http://127.0.0.1:9',
        authFlowType: 'USER_PASSWORD_AUTH',
      },
    });
    const entry = /<script[^>]+src="([^"]+\.js)"/.exec(readFileSync(`${dist}/index.html`, 'utf8'))?.[1];
    if (!entry) throw new Error('web/dist/index.html names no script');
    script = entry;
  });
  afterAll(() => gateway?.close());

  const get = (path: string, encoding: string) =>
    fetch(`${gateway.url}${path}`, { headers: { 'accept-encoding': encoding } });

  it('sends JavaScript brotli-compressed when the browser takes it, else gzip, and the same bytes either way', async () => {
    const plain = await get(script, 'identity');
    const br = await get(script, 'gzip, deflate, br');
    const gzip = await get(script, 'gzip');
    expect([plain.status, br.status, gzip.status]).toEqual([200, 200, 200]);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(10_000);
    expect(await br.text()).toBe(text);
    expect(await gzip.text()).toBe(text);
  });

  it('compresses the page itself and the SPA fallback', async () => {
    for (const path of ['/', '/orders/1001']) {
      const response = await get(path, 'br');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("serves the driver's phone app, its own page, for /driver and its routes", async () => {
    for (const path of ['/driver', '/driver/', '/driver/stop/o-1', '/driver/summary']) {
      const response = await get(path, 'gzip');
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<title>Driver');
    }
    expect(await (await get('/drivers', 'gzip')).text()).not.toContain('<title>Driver');
  });
});
