import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_TRAILING_SLASH_CODE, SPA_REWRITE_CODE } from '../cdk/lib/stacks/web-stack';

interface Request {
  uri: string;
  querystring: Record<string, { value: string }>;
}
type Handler = (event: { request: Request }) => Request;

/** Evaluates a CloudFront Function's source as CloudFront does: a script whose `handler` is called per request. */
function load(code: string): Handler {
  const sandbox: { handler?: Handler } = {};
  runInNewContext(code, sandbox);
  expect(typeof sandbox.handler).toBe('function');
  return sandbox.handler!;
}

const request = (uri: string, querystring: Request['querystring'] = {}) => ({ request: { uri, querystring } });

describe('API_TRAILING_SLASH_CODE (viewer request, /api/*)', () => {
  const handler = load(API_TRAILING_SLASH_CODE);

  it('strips one trailing slash', () => {
    expect(handler(request('/api/db/products/getAll/')).uri).toBe('/api/db/products/getAll');
    expect(handler(request('/api/db/preferences/saveFilter/')).uri).toBe('/api/db/preferences/saveFilter');
    expect(handler(request('/api/db/products/getBySku/ABC-1/')).uri).toBe('/api/db/products/getBySku/ABC-1');
  });

  it('leaves a path without a trailing slash unchanged', () => {
    expect(handler(request('/api/x')).uri).toBe('/api/x');
    expect(handler(request('/api/db/products/getAll')).uri).toBe('/api/db/products/getAll');
  });

  it('strips only one slash, and never the root', () => {
    expect(handler(request('/api/x//')).uri).toBe('/api/x/');
    expect(handler(request('/')).uri).toBe('/');
  });

  it('never touches the query string', () => {
    const querystring = { page: { value: '2' }, q: { value: 'a/' } };
    const out = handler(request('/api/db/products/getAll/', querystring));
    expect(out.uri).toBe('/api/db/products/getAll');
    expect(out.querystring).toEqual({ page: { value: '2' }, q: { value: 'a/' } });
  });
});

describe('SPA_REWRITE_CODE (viewer request, default behaviour)', () => {
  const handler = load(SPA_REWRITE_CODE);

  it('rewrites extension-less app routes to /index.html and leaves files alone', () => {
    expect(handler(request('/orders/42')).uri).toBe('/index.html');
    expect(handler(request('/')).uri).toBe('/index.html');
    expect(handler(request('/assets/index-abc123.js')).uri).toBe('/assets/index-abc123.js');
    expect(handler(request('/config.json')).uri).toBe('/config.json');
  });

  it('serves shareable document links (which end in .pdf) from the SPA shell', () => {
    expect(handler(request('/documents/invoices/Green_Leaf_1042_ab12cd.pdf')).uri).toBe('/index.html');
    expect(handler(request('/documents/purchaseOrders/PO_7_abc.pdf')).uri).toBe('/index.html');
    expect(handler(request('/assets/documents/x.pdf')).uri).toBe('/assets/documents/x.pdf');
  });

  it("serves the driver's app routes from its own page, and files under /driver/ as they are", () => {
    expect(handler(request('/driver')).uri).toBe('/driver.html');
    expect(handler(request('/driver/')).uri).toBe('/driver.html');
    expect(handler(request('/driver/stop/o-42')).uri).toBe('/driver.html');
    expect(handler(request('/driver/summary')).uri).toBe('/driver.html');
    expect(handler(request('/driver.html')).uri).toBe('/driver.html');
    expect(handler(request('/driver/sw.js')).uri).toBe('/driver/sw.js');
    expect(handler(request('/drivers')).uri).toBe('/index.html');
    expect(handler(request('/orders/driver/1')).uri).toBe('/index.html');
  });
});
