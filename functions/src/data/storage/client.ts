import { S3Client } from '@aws-sdk/client-s3';
import { ServiceUnavailableError } from '../../domain';
import { onResetClients } from '../client-resets';

/**
 * Fail fast when S3 does not answer: 2 s to connect, 3 s for a whole request (the handler only warns about a
 * late request unless told to throw). With the SDK's three attempts that stays near 9 s, under the functions'
 * 15 s timeout, so the caller gets a 503 with a message instead of a Lambda timeout.
 */
export const S3_TIMEOUTS = { connectionTimeout: 2_000, requestTimeout: 3_000, throwOnRequestTimeout: true } as const;

/** The S3 client of the storage adapter (only the functions that touch files bundle it). */
let s3: S3Client | undefined;
onResetClients(() => (s3 = undefined));

export const s3Client = () =>
  (s3 ??= new S3Client({
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    // The default (WHEN_SUPPORTED) presigns an empty body's checksum, x-amz-checksum-crc32=AAAAAA==, into
    // every PUT URL, and real S3 then refuses the browser's upload of the actual file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: S3_TIMEOUTS,
  }));

/** An S3 call whose timeout becomes a 503 with a message (other failures pass through). */
export async function storageCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if ((error as Error | undefined)?.name === 'TimeoutError')
      throw new ServiceUnavailableError('File storage did not answer in time; please try again');
    throw error;
  }
}
