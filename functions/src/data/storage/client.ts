import { onResetClients } from '../client-resets';
import { s3Location } from './s3-address';
import { S3Http } from './s3-http';

/** The S3 access of the storage adapter (only the functions that touch files bundle it). */
let s3: S3Http | undefined;
onResetClients(() => (s3 = undefined));

export const s3Client = () => (s3 ??= new S3Http(s3Location()));
