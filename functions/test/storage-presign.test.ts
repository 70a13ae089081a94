import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetClients } from '../src/data';
import { downloadUrl, uploadUrl } from '../src/data/storage';
import { presignedRequestMatches } from '../../tests/support/presigned-check';

/**
 * The storage functions sign their URLs without `@aws-sdk/client-s3` (functions/src/data/storage/s3-http.ts).
 * Here the data layer's URLs are compared, byte for byte, with what the SDK's client and presigner made before
 * (the same options as the former storage client) for the same input, clock and credentials, on the local
 * stack's path-style endpoint and on S3's own virtual-hosted and path-style ones. The SDK stays a dev dependency
 * for this test only.
 */
const SIGNED_AT = new Date('2026-11-26T10:11:12.000Z');
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: SECRET };
const NAMES = ['AWS_REGION', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL', 'S3_FORCE_PATH_STYLE', 'AWS_SESSION_TOKEN'];
const NAMES_SET = [...NAMES, 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'IMAGES_BUCKET', 'DOCUMENTS_BUCKET'];
const saved = Object.fromEntries(NAMES_SET.map((name) => [name, process.env[name]]));

const SETTINGS = {
  'the local stack (s3rver, path-style, a session token)': {
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:45679',
    S3_FORCE_PATH_STYLE: 'true',
    AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjEXAMPLE/+=token',
  },
  'AWS (virtual-hosted, a Lambda role’s session token)': {
    AWS_REGION: 'eu-west-1',
    AWS_SESSION_TOKEN: 'FwoGZXIvYXdzEXAMPLE//token==',
  },
  'AWS (a bucket name with dots: path-style)': { AWS_REGION: 'ap-southeast-2', DOCUMENTS_BUCKET: 'docs.example.com' },
  'AWS China': { AWS_REGION: 'cn-north-1' },
  'LocalStack without path-style (virtual-hosted on the endpoint)': {
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL: 'http://localhost:4566',
  },
} as const;

/** The storage client as it was (functions/src/data/storage/client.ts before issue 21), with fixed credentials. */
const sdkClient = () =>
  new S3Client({
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

beforeAll(() => {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SIGNED_AT);
});
afterEach(() => {
  for (const name of NAMES_SET)
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  resetClients();
});
afterAll(() => vi.useRealTimers());

const use = (settings: Record<string, string>) => {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, CREDENTIALS, { IMAGES_BUCKET: 'bo-images', DOCUMENTS_BUCKET: 'bo-documents' }, settings);
  resetClients();
};

describe.each(Object.entries(SETTINGS))('presigned URLs on %s', (_, settings) => {
  it.each([
    ['an image of a declared size', 'images', 'logo (2).png', { contentType: 'image/png', size: 68 }],
    ['an image with the type only (the spec body)', 'images', 'teal square.webp', { contentType: 'image/webp' }],
    [
      'a document as an attachment',
      'documents',
      'invoices/Green_Leaf_Co_1042_x+y.pdf',
      { contentType: 'application/pdf', size: 1234, contentDisposition: 'attachment' },
    ],
  ] as const)('PUT %s is the SDK presigner’s URL', async (_, bucket, name, terms) => {
    use(settings);
    const ours = await uploadUrl(bucket, name, terms);
    const command = new PutObjectCommand({
      Bucket: bucket === 'images' ? process.env.IMAGES_BUCKET : process.env.DOCUMENTS_BUCKET,
      Key: bucket === 'images' ? `images/${name}` : name,
      ContentType: terms.contentType,
      ContentLength: 'size' in terms ? terms.size : undefined,
      ContentDisposition: 'contentDisposition' in terms ? terms.contentDisposition : undefined,
    });
    const sdk = await getSignedUrl(sdkClient(), command, {
      expiresIn: 300,
      signableHeaders: new Set(['content-type', 'content-length', 'content-disposition']),
    });
    expect(ours.uploadUrl).toBe(sdk);
    // And S3's algorithm, re-derived, accepts it with the headers the answer lists (and the file's length).
    const sent: Record<string, string | number> = { ...ours.headers };
    if ('size' in terms) sent['content-length'] = terms.size;
    expect(presignedRequestMatches('PUT', ours.uploadUrl, sent, SECRET)).toBe(true);
    expect(presignedRequestMatches('PUT', ours.uploadUrl, sent, 'another secret')).toBe(false);
  });

  it.each([
    ['documents', 'invoices/Harbor_Goods_7_a b.pdf', { ResponseContentType: 'application/pdf' }],
    ['images', 'teal-square.png', {}],
  ] as const)('GET of a %s file is the SDK presigner’s URL', async (bucket, name, response) => {
    use(settings);
    const ours = await downloadUrl(bucket, name, 60);
    const command = new GetObjectCommand({
      Bucket: bucket === 'images' ? process.env.IMAGES_BUCKET : process.env.DOCUMENTS_BUCKET,
      Key: bucket === 'images' ? `images/${name}` : name,
      ...response,
      ...('ResponseContentType' in response ? { ResponseContentDisposition: 'attachment' } : {}),
    });
    expect(ours).toBe(await getSignedUrl(sdkClient(), command, { expiresIn: 60 }));
    expect(presignedRequestMatches('GET', ours, {}, SECRET)).toBe(true);
  });
});

describe('the credentials a URL is signed with', () => {
  it('come from the default provider chain: the Lambda role’s session token is signed into the URL', async () => {
    use(SETTINGS['AWS (virtual-hosted, a Lambda role’s session token)']);
    const url = new URL(await downloadUrl('documents', 'invoices/x.pdf', 60));
    expect(url.host).toBe('bo-documents.s3.eu-west-1.amazonaws.com');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIDEXAMPLE/20261126/eu-west-1/s3/aws4_request');
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('FwoGZXIvYXdzEXAMPLE//token==');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261126T101112Z');
  });
});
