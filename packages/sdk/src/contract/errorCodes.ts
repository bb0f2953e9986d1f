/**
 * The closed set of machine codes an API error body carries (`{ status, code, message, errors? }`, DESIGN 2).
 * Programs branch on the code, never on the English `message` (CONVENTIONS: errors). Each code always comes with
 * the same HTTP status; docs/reference/http-contract.md says when each one is answered.
 */
export const API_ERROR_CODES = [
  // 400: the request is malformed or breaks a field rule; `errors[]` names the fields.
  'validation',
  'parameter-missing',
  'invalid-json',
  'bad-request',
  'upload-invalid',
  // Session 27: an uploaded picture whose header declares more than MAX_IMAGE_PIXELS (52 MP).
  'upload-too-many-pixels',
  // 400: cart and order rules.
  'cart-guid-invalid',
  'cart-not-found',
  'cart-empty',
  'cart-line-limit',
  'quantity-out-of-range',
  'order-total-limit',
  'plate-invalid',
  'variant-mismatch',
  'not-printable',
  'origin-not-allowed',
  // Coupons: 400 expired or minimum not reached, 404 unknown or none applied, 409 one already applied.
  'coupon-expired',
  'coupon-minimum-not-reached',
  'coupon-not-found',
  'coupon-not-applied',
  'coupon-already-applied',
  // 409: the state of the order or payment does not allow the call.
  'order-state',
  'payment-running',
  'payment-state',
  // Session 19: 409 the order's billing address names no company, so it has no e-invoice (the mail is its invoice).
  'not-business-order',
  // 409: saveOrder's `expectedTotal` is not what the order costs now (a price, tier, coupon or shipping rate changed
  // after the shopper's review); nothing was saved. Read the cart again and let the shopper review it.
  'price-changed',
  // 401, 403: who is calling.
  'unauthorized',
  'login-failed',
  'forbidden',
  'forbidden-xsrf',
  // 404: nothing at this address.
  'route-not-found',
  'not-found',
  'product-not-found',
  // 413, 415: the body's size or type.
  'body-too-large',
  'upload-too-large',
  'unsupported-media-type',
  // 429, 5xx: try again later.
  'rate-limited',
  'login-rate-limited',
  'overloaded',
  'unavailable',
  'internal',
  // 502, 504: answered by the storefront's /api proxy when the API behind it fails.
  'upstream-unreachable',
  'upstream-timeout',
  // Issue 12, dealers: 400 an add names an unregistered dealer id (the add is not performed).
  'unknown-dealer',
  // Issue 13, registration: 409 the email has an account already; 400 a confirmation link unknown, used or expired.
  'email-taken',
  'confirmation-invalid',
  // Session 16, password reset: 400 a reset link unknown, used, replaced by a newer one or expired.
  'reset-token-invalid',
  // Session 20, the account's own settings: 403 the current password re-entered to change the password or address,
  // download the data or delete the account is wrong (counted like a failed login); 409 downloading or deleting the
  // data of an address the account never confirmed (the address's guest orders may be someone else's).
  'password-wrong',
  'email-unconfirmed',
] as const;

/** One of {@link API_ERROR_CODES}. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
