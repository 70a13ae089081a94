import { parseXML } from '@aws-sdk/xml-builder';

/**
 * What S3 answered when it refused a request, shaped as the SDK's service errors are (`name` is S3's error
 * code, `$metadata.httpStatusCode` the status), so the SDK's retry classifiers read it as they read theirs.
 */
export class S3Error extends Error {
  readonly $metadata: { readonly httpStatusCode: number };

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

/** HEAD answers carry no body, so their code comes from the status, as the SDK names them. */
const CODE_OF_STATUS: Record<number, string> = { 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound' };

export function s3ErrorOf(status: number, body: string): S3Error {
  let error: { Code?: unknown; Message?: unknown } | undefined;
  try {
    error = body ? (parseXML(body) as { Error?: typeof error }).Error : undefined;
  } catch {
    error = undefined; // not XML (a proxy's page): the status says enough
  }
  const code = typeof error?.Code === 'string' ? error.Code : (CODE_OF_STATUS[status] ?? `Http${status}`);
  const message = typeof error?.Message === 'string' ? error.Message : `S3 answered ${status}`;
  return new S3Error(code, message, status);
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof S3Error && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound');
