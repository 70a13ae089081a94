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
export class BadRequestError extends DomainError {}
export class UnauthorizedError extends DomainError {}
export class ForbiddenError extends DomainError {}
export class NotFoundError extends DomainError {}
export class ConflictError extends DomainError {}

const STATUS = new Map<new (...args: never[]) => DomainError, number>([
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
]);

export const statusOf = (error: unknown): number => {
  for (const [type, status] of STATUS) if (error instanceof type) return status;
  return 500;
};
