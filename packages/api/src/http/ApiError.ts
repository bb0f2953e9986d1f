import type { ApiErrorBody } from '@lp/sdk/contract';

type FieldError = NonNullable<ApiErrorBody['errors']>[number];

/** The one error the route code throws; the error handler turns it into `{ status, message, errors? }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;

  constructor(statusCode: number, message: string, errors?: FieldError[]) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
  }

  toBody(): ApiErrorBody {
    return this.errors
      ? { status: this.statusCode, message: this.message, errors: this.errors }
      : {
          status: this.statusCode,
          message: this.message,
        };
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, errors);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** spec 5: the wording the SDK uses for a missing parameter, reused so both sides read the same. */
export const missingParameter = (name: string) =>
  new ApiError(400, `The parameter ${name} cannot be null.`, [{ field: name, message: 'is required' }]);
