import type { ApiErrorBody, ApiErrorCode } from '@lp/sdk/contract';

type FieldError = NonNullable<ApiErrorBody['errors']>[number];

/**
 * The one error the route code throws; the error handler turns it into `{ status, code, message, errors? }`.
 * `code` is for programs (the closed union of the contract), `message` is English for people.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldError[] | undefined;

  constructor(statusCode: number, code: ApiErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { status: this.statusCode, code: this.code, message: this.message };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

export const badRequest = (code: ApiErrorCode, message: string, errors?: FieldError[]) =>
  new ApiError(400, code, message, errors);
export const notFound = (code: ApiErrorCode, message: string) => new ApiError(404, code, message);
export const conflict = (code: ApiErrorCode, message: string) => new ApiError(409, code, message);

/** spec 5: the wording the SDK uses for a missing parameter, reused so both sides read the same. */
export const missingParameter = (name: string) =>
  new ApiError(400, 'parameter-missing', `The parameter ${name} cannot be null.`, [
    { field: name, message: 'is required' },
  ]);
