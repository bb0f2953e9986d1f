/**
 * The SDK's one error family (CONVENTIONS: errors). Apps narrow on `code`, never on the message. The brand is a
 * `Symbol.for` key, so `isLpError` recognises errors thrown by another bundled copy of the SDK (widget and
 * storefront may each ship one).
 */

import type { ApiErrorBody, ApiErrorCode } from './contract/index';

/** Closed set of error codes. */
export type LpErrorCode =
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalidParameter'
  | 'invalidResponse'
  // Issue 12: the request failed like a network error, and the API says it does not allow this page's origin.
  | 'origin-not-allowed';

const BRAND = Symbol.for('lp.sdk.error');

/** spec 8: texts of the coupon error catalogue (also used for any other call with these statuses). */
export const HTTP_REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

/** Extra facts attached to an {@link LpError}. */
export interface LpErrorDetails {
  /** HTTP status of the answer (code `http`). */
  status?: number;
  /** Parsed JSON body of the answer, or its text when it is not JSON. */
  body?: unknown;
  /** Response headers, lower-case names. */
  headers?: Record<string, string>;
  /** spec 8 text for the status: 'Bad Request', 'Not Found', 'Conflict', 'Internal Server Error'. */
  reason?: string;
  /** The underlying error (network failure, JSON syntax error). */
  cause?: unknown;
}

/**
 * Error thrown by every SDK call.
 *
 * @example
 * try {
 *   await sdk.coupons.validate('SOMMER10', 1001);
 * } catch (error) {
 *   if (isLpError(error) && error.apiCode === 'coupon-expired') showExpired();
 *   else if (isLpError(error)) console.log(error.message, error.reason, error.detail);
 *   // 'An unexpected server error occurred.', 'Bad Request', 'The coupon has expired.'
 * }
 */
export class LpError extends Error {
  declare readonly name: 'LpError';
  declare readonly code: LpErrorCode;
  declare readonly status: number | undefined;
  declare readonly body: unknown;
  declare readonly headers: Record<string, string> | undefined;
  declare readonly reason: string | undefined;

  /**
   * The API's machine code from its error body `{ status, code, message, errors? }` (DESIGN 2; code `http`):
   * branch on this, never on a message. Undefined without such a body (network errors, a proxy's error page).
   */
  declare readonly apiCode: ApiErrorCode | undefined;
  /** The API's own English message from that body, for logs and developers; shoppers see the app's texts. */
  declare readonly detail: string | undefined;

  constructor(code: LpErrorCode, message: string, details?: LpErrorDetails) {
    super(message);
    // An API error body `{ status, code, message }` (DESIGN 2) gives the machine code and the English detail.
    const body = details?.body as ApiErrorBody | undefined;
    // Object.assign instead of class fields keeps the cart-only bundle small (DESIGN 7).
    Object.assign(this, details, {
      name: 'LpError',
      code,
      apiCode: body?.code,
      detail: body?.message,
      [BRAND]: true,
    });
  }
}

/**
 * True for any SDK error, also one thrown by another copy of the SDK.
 *
 * @example
 * if (isLpError(error) && error.code === 'timeout') retryLater();
 */
export function isLpError(error: unknown): error is LpError {
  return (error as Record<symbol, unknown> | null | undefined)?.[BRAND] === true;
}

/**
 * spec 5: the service-layer error for a missing parameter, 'The parameter X cannot be null.'
 *
 * @example
 * throw nullParameterError('headerGuid'); // message 'The parameter headerGuid cannot be null.'
 */
export function nullParameterError(name: string): LpError {
  return new LpError('invalidParameter', `The parameter ${name} cannot be null.`);
}
