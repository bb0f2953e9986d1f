import { type LpError, isLpError } from '@lp/sdk';
import { de } from './i18n/de';
import type { LpErrorDetail } from './types/elementDetails';

/** `detail` of the `lp-error` event: the public type of `@lp/widget/types`, under its earlier name. */
export type WidgetErrorDetail = LpErrorDetail;

const ORIGIN_NOT_ALLOWED = 'origin-not-allowed';

/**
 * The German message for a failure. A page the shop has not set up (origin refused, unknown dealer id) is not
 * "offline": the shopper cannot fix it, the page's owner can, so it says so and carries the fix. Connection
 * problems get their own text, a full cart says so, everything else gets the general one. Told by the SDK's and
 * the API's codes (DESIGN 2), never by a message text.
 */
export function widgetError(code: WidgetErrorDetail['code'], error?: unknown): WidgetErrorDetail {
  // Anything but an SDK error (a failed chunk, a thrown string) has none of its codes.
  const { code: sdkCode, apiCode, detail, message: text }: Partial<LpError> = isLpError(error) ? error : {};
  if (sdkCode === ORIGIN_NOT_ALLOWED || apiCode === 'unknown-dealer') {
    const fix = detail ?? text;
    console.error(`[lp-widget] ${fix}`);
    return {
      code: sdkCode === ORIGIN_NOT_ALLOWED ? ORIGIN_NOT_ALLOWED : code,
      message: de.errors[ORIGIN_NOT_ALLOWED],
      fix,
      error,
    };
  }
  const offline = sdkCode === 'network' || sdkCode === 'timeout';
  // The one refusal a shopper cannot fix by trying again, told by the API's code (DESIGN 2), never by its text.
  const full = code === 'add' && apiCode === 'cart-line-limit';
  // Each failure `code` has its own text under the same key in de.errors.
  const message = de.errors[offline ? 'network' : full ? 'cartFull' : code];
  return error === undefined ? { code, message } : { code, message, error };
}
