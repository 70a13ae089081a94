import { S3Client } from '@aws-sdk/client-s3';
import { sdkTimeouts } from '../client-timeouts';
import { onResetClients } from '../client-resets';

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
    // Fail fast (a 503 with a message from the API's error mapping) instead of hanging to the Lambda timeout.
    requestHandler: sdkTimeouts(),
  }));
