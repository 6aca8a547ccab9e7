/** Typed domain errors (docs/design.md §3); one mapping turns them into HTTP statuses and toasts. */
export type DomainErrorCode =
  'unauthenticated' | 'not_found' | 'forbidden' | 'conflict' | 'invalid' | 'rate_limited';

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const httpStatusOf: Record<DomainErrorCode, number> = {
  unauthenticated: 401,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  invalid: 400,
  rate_limited: 429,
};
