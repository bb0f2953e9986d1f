/**
 * A path segment that opens someone's data: a guid (/thank-you/<order guid> shows the buyer's name and address), a
 * long token, or an e-mail address.
 */
const PERSONAL_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^[\w-]{32,}$|@|%40/i;

/**
 * The page URL a client error report keeps (DSGVO art. 5 (1) c, data minimisation): scheme, host and path. The query
 * and fragment go (confirmation and reset tokens, e-mail addresses, a handed-over cart's guid), and a path segment
 * that opens someone's data becomes ':id'; the route is what a developer needs to find the broken page. One rule
 * for both sides: the storefront's report sink sends this, and the API stores it again for any other sender.
 *
 * @example
 * reportUrl(new URL('https://shop.example.de/thank-you/0b1c…?token=x')); // 'https://shop.example.de/thank-you/:id'
 */
export function reportUrl(url: URL): string {
  const path = url.pathname
    .split('/')
    .map((segment) => (PERSONAL_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  return `${url.origin}${path}`;
}
