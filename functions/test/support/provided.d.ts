import 'vitest';

/** What the root global setup provides (see tests/support/global-setup.ts); only the fields these tests read. */
declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      region: string;
      dynamodb: { endpoint: string; tableName: string };
      s3: { endpoint: string; buckets: { images: string; documents: string } };
      cognito: { endpoint: string; userPoolId: string; clientId: string };
      sqs: { endpoint: string };
    } | null;
  }
}
