import { formatUrl } from '@aws-sdk/core/util';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { extendedEncodeURIComponent, HttpRequest } from '@smithy/core/protocols';
import { isThrottlingError, isTransientError, StandardRetryStrategy } from '@smithy/core/retry';
import { streamCollector } from '@smithy/core/serde';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider, RetryErrorType, SdkError } from '@smithy/types';
import { sdkTimeouts } from '../client-timeouts';
import { bucketOrigin, type S3Location } from './s3-address';
import { s3ErrorOf } from './s3-errors';

/** One S3 request: an object's (`key`) or a bucket's. */
export interface S3Call {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  readonly bucket: string;
  readonly key?: string;
  readonly query?: Record<string, string>;
  /** Headers to sign and send (lower case). */
  readonly headers?: Record<string, string>;
  /** A PUT's content (its hash is signed). */
  readonly body?: Uint8Array;
}

export interface S3Answer {
  readonly status: number;
  readonly body: string;
  /** The body as bytes (a binary object's content). */
  readonly bytes: Uint8Array;
}

/** As many attempts as the SDK's S3 client makes by default. */
const MAX_ATTEMPTS = 3;

/**
 * The few S3 calls the storage functions make, signed with the SDK's own SigV4 signer and sent through the
 * SDK's own Node HTTP handler, retry strategy and default credential chain: the parts every function already
 * bundles with the DynamoDB client. `@aws-sdk/client-s3` is not used, since its operation schemas come
 * whole (+98 KB) for five calls (docs/benchmarks.md, "Cold starts"). Signing follows S3's rules, as the SDK's S3 client
 * and presigner apply them: the path is not escaped twice, header-signed requests carry their payload hash
 * (`x-amz-content-sha256`), a presigned URL is for an `UNSIGNED-PAYLOAD` and carries no checksum.
 */
export class S3Http {
  private readonly signer: SignatureV4;
  private readonly http = new NodeHttpHandler(sdkTimeouts());
  private readonly retries = new StandardRetryStrategy(MAX_ATTEMPTS);

  constructor(
    private readonly location: S3Location,
    credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider = defaultProvider(),
  ) {
    this.signer = new SignatureV4({
      service: 's3',
      region: location.region,
      credentials,
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: true,
    });
  }

  /** A URL that performs `call` without credentials until `expiresIn` seconds from now; every header is signed. */
  async presign(call: S3Call, expiresIn: number): Promise<string> {
    const request = this.request(call);
    request.headers['X-Amz-Content-Sha256'] = 'UNSIGNED-PAYLOAD'; // hoisted into the query, as the SDK's presigner does
    return formatUrl(await this.signer.presign(request, { expiresIn }));
  }

  /**
   * Sends `call`, signed afresh for each attempt; a timeout, a 5xx or throttling is retried with the SDK's
   * backoff. An answer other than 2xx throws an `S3Error`; a timeout the handler's `TimeoutError` (a 503).
   */
  async send(call: S3Call): Promise<S3Answer> {
    let token = await this.retries.acquireInitialRetryToken('s3');
    for (;;) {
      try {
        const answer = await this.attempt(call);
        this.retries.recordSuccess(token);
        return answer;
      } catch (error) {
        try {
          token = await this.retries.refreshRetryTokenForRetry(token, { errorType: retryErrorType(error) });
        } catch {
          throw error; // out of attempts (or not retryable): the request's own error
        }
      }
    }
  }

  private async attempt(call: S3Call): Promise<S3Answer> {
    const signed = await this.signer.sign(this.request(call));
    const { response } = await this.http.handle(signed as HttpRequest);
    const bytes = response.body ? Buffer.from(await streamCollector(response.body)) : Buffer.alloc(0);
    const body = bytes.toString('utf8');
    if (response.statusCode < 200 || response.statusCode > 299) throw s3ErrorOf(response.statusCode, body);
    return { status: response.statusCode, body, bytes };
  }

  private request({ method, bucket, key, query = {}, headers = {}, body }: S3Call): HttpRequest {
    const origin = bucketOrigin(this.location, bucket);
    return new HttpRequest({
      method,
      protocol: origin.protocol,
      hostname: origin.hostname,
      ...(origin.port === undefined ? {} : { port: origin.port }),
      path: `${origin.path}/${key ? key.split('/').map(extendedEncodeURIComponent).join('/') : ''}`,
      query: { ...query },
      headers: {
        ...headers,
        ...(body ? { 'content-length': String(body.byteLength) } : {}),
        host: origin.port === undefined ? origin.hostname : `${origin.hostname}:${origin.port}`,
      },
      ...(body ? { body } : {}),
    });
  }
}

/** The SDK retry middleware's classification. */
function retryErrorType(error: unknown): RetryErrorType {
  const sdkError = error as SdkError;
  if (isThrottlingError(sdkError)) return 'THROTTLING';
  if (isTransientError(sdkError)) return 'TRANSIENT';
  const status = sdkError.$metadata?.httpStatusCode ?? 0;
  return status >= 500 ? 'SERVER_ERROR' : 'CLIENT_ERROR';
}
