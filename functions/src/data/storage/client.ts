import { S3Client } from '@aws-sdk/client-s3';
import { onResetClients } from '../client-resets';

/** The S3 client of the storage adapter (only the functions that touch files bundle it). */
let s3: S3Client | undefined;
onResetClients(() => (s3 = undefined));

export const s3Client = () => (s3 ??= new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' }));
