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

/** The German message for a failure: connection problems get their own text, everything else the general one. */
export function widgetError(code: WidgetErrorDetail['code'], error?: unknown): WidgetErrorDetail {
  const offline = isLpError(error) && (error.code === 'network' || error.code === 'timeout');
  const message = offline
    ? de.errors.network
    : code === 'product'
      ? de.errors.product
      : code === 'variant'
        ? de.errors.noVariant
        : de.errors.add;
  return error === undefined ? { code, message } : { code, message, error };
}
