/**
 * The shop's cart page that takes over the cart filled on this page: `${shopUrl}/cart?cartGuid=<guid>` (the
 * storefront's cart page adopts the guid), or `${shopUrl}/cart` while there is no cart yet. Every way out of the
 * widget (the generator's "Zum Warenkorb", `<lp-cart-button>`, `LpWidget.cart`, the editor's `lp-close`) uses it.
 *
 * @example
 * handoffUrl('https://shop.example.de/', 'a1b2'); // 'https://shop.example.de/cart?cartGuid=a1b2'
 */
export function handoffUrl(shopUrl: string, cartGuid: string | null | undefined): string {
  const cart = `${shopUrl.replace(/\/+$/, '')}/cart`;
  return cartGuid ? `${cart}?cartGuid=${encodeURIComponent(cartGuid)}` : cart;
}
