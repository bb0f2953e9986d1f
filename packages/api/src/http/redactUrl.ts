/**
 * A request URL as logged. An id that alone opens or changes what it names is cut to its first 8 characters
 * (enough to match a line to a support case): an order's guid is the key to its buyer's name and address
 * (`getOrder?headerGuid=`, `/api/Order/<guid>/coupon`); the sandbox payment's id shows the payment page and
 * approves or cancels it (`/sandbox/pay/<id>`, `/approve`, `/cancel`); an outbox mail's id shows the whole mail, with
 * the buyer's address and order link (`/sandbox/outbox/<id>`); an e-invoice's `?token=` of the mails (session 26,
 * review26d) opens the XRechnung with the whole buyer, for good. A print file's line id stays whole: it opens nothing
 * without the order's guid or the owner's session (docs/reference/decisions.md, session 24 health).
 */
export function redactUrl(requestUrl: string): string {
  return requestUrl
    .replace(/([?&](?:headerGuid|token)=)([^&#]{8})[^&#]*/gi, '$1$2…')
    .replace(/(\/api\/Order\/|\/sandbox\/pay\/|\/sandbox\/outbox\/)([0-9a-f]{8})[0-9a-f-]{20,}/gi, '$1$2…');
}
