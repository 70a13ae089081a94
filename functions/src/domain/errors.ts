/** Named domain errors; `statusOf` is the one place they become HTTP status codes. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
// Each name is written out: a minified bundle renames classes, and the name is the response's `code`.
export class BadRequestError extends DomainError {
  override readonly name = 'BadRequestError';
}
export class UnauthorizedError extends DomainError {
  override readonly name = 'UnauthorizedError';
}
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
}
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
}
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
}
/** Well-formed, but cannot be done as asked (e.g. an Idempotency-Key already used for a different body). */
export class UnprocessableError extends DomainError {
  override readonly name = 'UnprocessableError';
}
/** A dependency (DynamoDB, Cognito, S3) did not answer within the SDK client's timeouts; the caller may retry. */
export class ServiceUnavailableError extends DomainError {
  override readonly name = 'ServiceUnavailableError';
}

const STATUS = new Map<new (...args: never[]) => DomainError, number>([
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnprocessableError, 422],
  [ServiceUnavailableError, 503],
]);

/** Throttling errors of DynamoDB, Cognito and S3 that outlasted the SDK's own retries. */
const THROTTLED = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
]);

/**
 * An SDK call that ran out of time (data/client-timeouts.ts) or stayed throttled after the SDK's retries is a
 * 503 the caller may retry, not a 500.
 */
export const asDomainError = (error: unknown): unknown => {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError') return new ServiceUnavailableError('A service did not answer in time; please try again');
  if (typeof name === 'string' && THROTTLED.has(name))
    return new ServiceUnavailableError('The service is busy right now; please try again in a moment');
  return error;
};

export const statusOf = (error: unknown): number => {
  for (const [type, status] of STATUS) if (error instanceof type) return status;
  return 500;
};
