/**
 * A request URL as logged: an order's guid is the key to its buyer's name and address (`getOrder?headerGuid=`,
 * `/api/Order/<guid>/coupon`), so it is cut to its first 8 characters (enough to match a line to a support case).
 */
export function redactUrl(requestUrl: string): string {
  return requestUrl
    .replace(/([?&]headerGuid=)([^&#]{8})[^&#]*/gi, '$1$2…')
    .replace(/(\/api\/Order\/)([0-9a-f]{8})[0-9a-f-]{20,}/gi, '$1$2…');
}
