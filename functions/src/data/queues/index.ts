/** Sending to SQS: job steps and failure records. */
export * from './client';
export * from './jobs';
export * from './failures';
