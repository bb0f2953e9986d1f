import { defineElement } from '../elements/defineElement';
import { baseStyles } from '../styles/baseStyles';
import { cartButtonStyles } from '../styles/cartButtonStyles';
import { CartButton } from './CartButton';

export const CART_BUTTON_TAG = 'lp-cart-button';

/** Observed attributes of `<lp-cart-button>` (docs/reference/elements.md). */
export const CART_BUTTON_ATTRIBUTES = ['api', 'company', 'shop-url', 'dealer', 'lang'] as const;

/**
 * Defines `<lp-cart-button>`; a second call is a no-op.
 *
 * @example
 * defineCartButton();
 * // <lp-cart-button></lp-cart-button> in the page header
 */
export function defineCartButton(): CustomElementConstructor | undefined {
  return defineElement(CART_BUTTON_TAG, CartButton, {
    attributes: CART_BUTTON_ATTRIBUTES,
    properties: ['sdk'],
    styles: [baseStyles, cartButtonStyles],
  });
}
