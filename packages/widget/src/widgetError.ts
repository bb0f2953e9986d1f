import { isLpError } from '@lp/sdk';
import { de } from './i18n/de';

/** `detail` of the `lp-error` event. */
export interface WidgetErrorDetail {
  /** What failed: loading the product, adding to the cart, or a configuration without a variant. */
  code: 'product' | 'add' | 'variant';
  /** German message, as shown in the widget. */
  message: string;
  /** The SDK error (`LpError`) when there is one. */
  error?: unknown;
}

/**
 * The German message for a failure: connection problems get their own text, a full cart says so, everything else
 * gets the general one.
 */
export function widgetError(code: WidgetErrorDetail['code'], error?: unknown): WidgetErrorDetail {
  const offline = isLpError(error) && (error.code === 'network' || error.code === 'timeout');
  // The one refusal a shopper cannot fix by trying again, told by the API's code (DESIGN 2), never by its text.
  const full = code === 'add' && isLpError(error) && error.apiCode === 'cart-line-limit';
  // Each failure `code` has its own text under the same key in de.errors.
  const message = de.errors[offline ? 'network' : full ? 'cartFull' : code];
  return error === undefined ? { code, message } : { code, message, error };
}
