import { createHash, createHmac } from 'node:crypto';

/**
 * S3's own check of a presigned SigV4 URL, re-derived from the AWS specification ("Authenticating requests:
 * using query parameters") with node:crypto only, not the SDK that signed it: s3rver does not verify V4
 * signatures, so this is how the tests see what real S3 would accept. It answers whether a request with these
 * headers matches the URL's signature; a header the URL signed but the request lacks does not match.
 */
export function presignedRequestMatches(
  method: string,
  url: string,
  headers: Record<string, string | number>,
  secretAccessKey: string,
): boolean {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const signature = query.get('X-Amz-Signature');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  if (!signature || !signedHeaders || !credential || !amzDate) return false;

  const sent = new Map(Object.entries({ host: parsed.host, ...headers }).map(([k, v]) => [k.toLowerCase(), `${v}`]));
  const names = signedHeaders.split(';');
  if (names.some((name) => !sent.has(name))) return false;
  const canonicalHeaders = names.map((name) => `${name}:${sent.get(name)!.trim()}\n`).join('');
  const canonicalQuery = [...query.entries()]
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [rfc3986(key), rfc3986(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    method,
    parsed.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');

  const [, date, region, service, terminator] = credential.split('/');
  const scope = [date, region, service, terminator].join('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = Buffer.from(`AWS4${secretAccessKey}`);
  for (const part of [date, region, service, terminator]) key = hmac(key, part!);
  return hmac(key, stringToSign).toString('hex') === signature;
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
