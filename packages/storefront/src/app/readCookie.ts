/**
 * The first value of cookie `name` in a `Cookie` header (or `document.cookie`) that `parse` accepts, or null. Used for
 * the shop's own first-party cookies (consent, cart), read the same way on the server and in the browser.
 *
 * @example
 * readCookie('a=1; lp_cart=x; lp_cart=0b6f…', 'lp_cart', (v) => (v.length > 1 ? v : null)); // '0b6f…'
 */
export function readCookie<T>(header: unknown, name: string, parse: (value: string) => T | null): T | null {
  if (typeof header !== 'string' || header === '') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const parsed = parse(part.slice(eq + 1).trim());
    if (parsed !== null) return parsed;
  }
  return null;
}
