// The Content-Security-Policy of docs/learn/embed-the-widget.md ("Content-Security-Policy") for a page that embeds
// the widget, built for given origins. The browser tests send it as a header from the dealer page's server
// (e2e/widget/dealerEmbed.test.ts) and check that the guide prints exactly this policy.

/**
 * @param {{ shop: string; api: string }} origins where the widget comes from (`shop`) and the shop API (`api`)
 * @returns {string} the header value
 * @example
 * widgetContentSecurityPolicy({ shop: 'https://shop.example.de', api: 'https://api.example.de' });
 */
export function widgetContentSecurityPolicy({ shop, api }) {
  return [
    // The page's own files.
    "default-src 'self'",
    // lp-widget.js and its chunks from the shop; the page's own scripts (listeners, mount) as files.
    `script-src 'self' ${shop}`,
    // Product, prices, cart, the origin check and the editor's upload: the API.
    `connect-src 'self' ${api}`,
    // The widget's CSS is in constructable stylesheets, which style-src does not govern.
    "style-src 'self'",
    // The print editor's font (Rubik) from beside lp-editor.js.
    `font-src 'self' ${shop}`,
    // The print editor: uploaded pictures from the API, the picked file as a blob: before upload.
    `img-src 'self' ${api} blob:`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}
