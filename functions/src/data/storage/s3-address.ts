import { isIP } from 'node:net';

/** Where S3 is for this process, read from the SDK's standard variables (nothing branches on "local"). */
export interface S3Location {
  readonly region: string;
  /** `AWS_ENDPOINT_URL_S3` (else `AWS_ENDPOINT_URL`): an emulator or LocalStack; S3's regional endpoint if unset. */
  readonly endpoint?: URL;
  /** `S3_FORCE_PATH_STYLE=true`: the bucket in the path (s3rver), not in the host name. */
  readonly forcePathStyle: boolean;
}

export function s3Location(env: NodeJS.ProcessEnv = process.env): S3Location {
  const region = env.AWS_REGION;
  if (!region) throw new Error('Missing environment variable AWS_REGION');
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  return {
    region,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    ...(endpoint ? { endpoint: new URL(endpoint) } : {}),
  };
}

/** The scheme, host and path prefix of one bucket's requests. */
export interface BucketOrigin {
  readonly protocol: string;
  readonly hostname: string;
  readonly port?: number;
  /** `/bucket` when path-style, else empty; an object's path follows it (`/key`). */
  readonly path: string;
}

/** A bucket name that can be a DNS label (no dots, which would break the wildcard TLS certificate). */
const VIRTUAL_HOSTABLE = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * The SDK's endpoint rules for the cases this app meets: virtual-hosted (`bucket.s3.region.amazonaws.com`, or
 * `bucket.<endpoint host>`), unless path-style is forced, the bucket name is no DNS label or the endpoint is an
 * IP address; the standard and China partitions.
 */
export function bucketOrigin({ region, endpoint, forcePathStyle }: S3Location, bucket: string): BucketOrigin {
  const base = endpoint ?? new URL(`https://s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`);
  const prefix = base.pathname.replace(/\/$/, '');
  const virtual = !forcePathStyle && VIRTUAL_HOSTABLE.test(bucket) && !isIP(base.hostname.replace(/^\[|\]$/g, ''));
  return {
    protocol: base.protocol,
    hostname: virtual ? `${bucket}.${base.hostname}` : base.hostname,
    ...(base.port ? { port: Number(base.port) } : {}),
    path: virtual ? prefix : `${prefix}/${bucket}`,
  };
}
