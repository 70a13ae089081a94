import { createHash, createHmac } from 'node:crypto';

/**
 * S3's own check of a SigV4 request, re-derived from the AWS specification ("Authenticating requests: AWS
 * Signature Version 4", for the Authorization header and for query parameters) with node:crypto only, not the
 * code that signed it: s3rver does not verify V4 signatures, so this is how the tests see what real S3 would
 * accept. Each answers whether a request with these headers matches its signature; a header the request
 * signed but does not carry, or an `x-amz-*` header it carries unsigned, does not match.
 */

type Headers = Record<string, string | number>;

/** A presigned URL (`X-Amz-Signature` in the query), used with these headers. */
export function presignedRequestMatches(method: string, url: string, headers: Headers, secretAccessKey: string) {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const signature = query.get('X-Amz-Signature');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  if (!signature || !signedHeaders || !credential || !amzDate) return false;
  return matches({ method, parsed, headers, signedHeaders, credential, amzDate, signature, secretAccessKey });
}

/**
 * A request signed in its Authorization header. S3 takes the payload hash from `x-amz-content-sha256`, which it
 * requires, and refuses a body that does not hash to it (unless it says `UNSIGNED-PAYLOAD`).
 */
export function signedRequestMatches(
  method: string,
  url: string,
  headers: Headers,
  secretAccessKey: string,
  body: Buffer | string = '',
) {
  const sent = lowerCased(headers);
  const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    sent.get('authorization') ?? '',
  );
  const amzDate = sent.get('x-amz-date');
  const payloadHash = sent.get('x-amz-content-sha256');
  if (!auth || !amzDate || !payloadHash) return false;
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
  const [, credential, signedHeaders, signature] = auth;
  return matches({
    method,
    parsed: new URL(url),
    headers,
    signedHeaders: signedHeaders!,
    credential: credential!,
    amzDate,
    signature: signature!,
    secretAccessKey,
    payloadHash,
  });
}

function matches(request: {
  method: string;
  parsed: URL;
  headers: Headers;
  signedHeaders: string;
  credential: string;
  amzDate: string;
  signature: string;
  secretAccessKey: string;
  /** Header-signed requests name it; a presigned URL is for an unsigned payload. */
  payloadHash?: string;
}): boolean {
  const { method, parsed, signedHeaders, credential, amzDate, signature, secretAccessKey } = request;
  const sent = lowerCased({ host: parsed.host, ...request.headers });
  const names = signedHeaders.split(';');
  if (!names.includes('host') || names.some((name) => !sent.has(name))) return false;
  if ([...sent.keys()].some((name) => name.startsWith('x-amz-') && !names.includes(name))) return false;

  const [, date, region, service, terminator] = credential.split('/');
  if (date !== amzDate.slice(0, 8) || service !== 's3' || terminator !== 'aws4_request' || !region) return false;

  const canonicalHeaders = names.map((name) => `${name}:${sent.get(name)!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalQuery = [...parsed.searchParams.entries()]
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
    request.payloadHash ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');

  const scope = [date, region, service, terminator].join('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = Buffer.from(`AWS4${secretAccessKey}`);
  for (const part of [date, region, service, terminator]) key = hmac(key, part);
  return hmac(key, stringToSign).toString('hex') === signature;
}

const lowerCased = (headers: Headers) =>
  new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), `${v}`] as const));
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
