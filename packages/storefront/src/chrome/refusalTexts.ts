import { MAX_CART_LINES } from '@lp/sdk/contract';

/**
 * The API's refusals a shopper can act on, in her words (session 26, fleet): an error toast shows them in place of
 * its caller's text (toastStore.ts), the cart page beside its lines. Here, beside the toasts, so that the generic
 * toast knows no feature's module (session 27, review27).
 */

/**
 * When the cart holds MAX_CART_LINES lines and one more is added (API code `cart-line-limit`). The way on is a
 * second order, not removing what she wants to buy: said plainly, with the limit, instead of spec 8's "bitte teilen
 * Sie uns dies mit" (nothing broke).
 */
export const CART_FULL_TEXT = `Ihr Warenkorb ist voll: Er fasst höchstens ${MAX_CART_LINES} verschiedene Positionen. Bitte bestellen Sie diese zuerst und legen Sie weitere Artikel danach in den neuen Warenkorb.`;

/** 429 `rate-limited`: many changes from one address (an office) within a minute. */
export const TOO_MANY_CHANGES_TEXT =
  'Zu viele Änderungen in kurzer Zeit. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.';
