/** spec 8: the shopper-facing text when a cart call fails. */
export const CART_ERROR_TEXT = 'Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.';
