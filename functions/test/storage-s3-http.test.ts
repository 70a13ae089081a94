import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClients } from '../src/data';
import { exists, listFiles } from '../src/data/storage';
import { parseListPage } from '../src/data/storage/list-result';
import { isNotFound, S3Error } from '../src/data/storage/s3-errors';

/**
 * How the storage adapter's own S3 calls behave on answers s3rver never gives: a page cut short, S3 errors,
 * retries. A scripted S3 on loopback answers; the timeouts are in storage-uploads.test.ts.
 */
type Reply = (request: IncomingMessage, response: ServerResponse) => void;
let reply: Reply;
const seen: string[] = [];
let server: Server;
const VARIABLES = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
  IMAGES_BUCKET: 'images-bucket',
  DOCUMENTS_BUCKET: 'documents-bucket',
  SITE_URL: 'http://site.test',
};
const saved = Object.fromEntries(
  [...Object.keys(VARIABLES), 'AWS_ENDPOINT_URL_S3'].map((name) => [name, process.env[name]]),
);

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    reply(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  Object.assign(process.env, VARIABLES, { AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` });
  resetClients();
});
afterEach(() => void seen.splice(0));
afterAll(async () => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  resetClients();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const xml = (response: ServerResponse, status: number, body: string) => {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};
const contents = (key: string, size: number, modified: string) =>
  `<Contents><Key>${key}</Key><LastModified>${modified}</LastModified><ETag>"e"</ETag><Size>${size}</Size></Contents>`;

describe('listing', () => {
  it('follows continuation tokens across pages, decoding keys, newest first', async () => {
    reply = (request, response) => {
      if (!request.url!.includes('continuation-token'))
        return xml(
          response,
          200,
          `<ListBucketResult><Name>images-bucket</Name><IsTruncated>true</IsTruncated>
            <NextContinuationToken>page/2+=</NextContinuationToken>
            ${contents('images/R&amp;D.png', 10, '2026-11-01T10:00:00.000Z')}
            ${contents('images/Red.png', 20, '2026-11-03T10:00:00.000Z')}
          </ListBucketResult>`,
        );
      xml(
        response,
        200,
        `<ListBucketResult><IsTruncated>false</IsTruncated>${contents('images/Rose.gif', 30, '2026-11-02T10:00:00.000Z')}</ListBucketResult>`,
      );
    };
    expect(await listFiles('images', 'R')).toEqual([
      { name: 'Red.png', url: 'http://site.test/images/Red.png', size: 20, lastModified: '2026-11-03T10:00:00.000Z' },
      { name: 'Rose.gif', url: 'http://site.test/images/Rose.gif', size: 30, lastModified: '2026-11-02T10:00:00.000Z' },
      { name: 'R&D.png', url: 'http://site.test/images/R%26D.png', size: 10, lastModified: '2026-11-01T10:00:00.000Z' },
    ]);
    expect(seen).toEqual([
      'GET /images-bucket/?list-type=2&prefix=images%2FR',
      'GET /images-bucket/?continuation-token=page%2F2%2B%3D&list-type=2&prefix=images%2FR',
    ]);
  });

  it('reads an empty listing and a one-object page', () => {
    expect(parseListPage('<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>')).toEqual({
      objects: [],
    });
    expect(
      parseListPage(`<ListBucketResult>${contents('images/a.png', 1, '2026-11-01T00:00:00Z')}</ListBucketResult>`),
    ).toEqual({ objects: [{ key: 'images/a.png', size: 1, lastModified: new Date('2026-11-01T00:00:00Z') }] });
    expect(() => parseListPage('<Error><Code>x</Code></Error>')).toThrow('without a ListBucketResult');
  });
});

describe('S3 answers other than 2xx', () => {
  it('a missing object is a 404 answered once (no retry)', async () => {
    reply = (_, response) => {
      response.writeHead(404);
      response.end();
    };
    expect(await exists('images', 'nope.png')).toBe(false);
    expect(seen).toEqual(['HEAD /images-bucket/images/nope.png']);
  });

  it('a refusal is an S3Error with S3’s code and message, not retried', async () => {
    reply = (_, response) =>
      xml(response, 403, '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
    const error = await listFiles('images').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3Error);
    expect(error).toMatchObject({ name: 'AccessDenied', message: 'Access Denied', $metadata: { httpStatusCode: 403 } });
    expect(isNotFound(error)).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('a server error is retried, up to the S3 client’s 3 attempts', async () => {
    let failures = 2;
    reply = (_, response) => {
      if (failures-- > 0)
        return xml(
          response,
          500,
          '<Error><Code>InternalError</Code><Message>We encountered an internal error</Message></Error>',
        );
      response.writeHead(200);
      response.end();
    };
    expect(await exists('images', 'flaky.png')).toBe(true);
    expect(seen).toHaveLength(3);

    seen.splice(0);
    failures = 5;
    await expect(listFiles('images')).rejects.toMatchObject({
      name: 'InternalError',
      $metadata: { httpStatusCode: 500 },
    });
    expect(seen).toHaveLength(3);
  });
});
