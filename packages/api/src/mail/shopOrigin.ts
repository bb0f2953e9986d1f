/**
 * SQL: the address of the storefront the shopper of order `alias` paid from: the order confirmation's origin, else
 * the payment's return URL. The mails that follow the confirmation link there (the shop's pages, the order page, the
 * e-invoice through the storefront's `/api` forwarding).
 */
export const orderShopUrl = (alias: string): string => `COALESCE(
       (SELECT c.shop_origin FROM order_confirmations c WHERE c.order_id = ${alias}.id),
       (SELECT p.return_url FROM payments p WHERE p.order_id = ${alias}.id ORDER BY p.created_at DESC LIMIT 1))`;

/** The origin of a stored shop URL ({@link orderShopUrl}); undefined when there is none or it is not a URL. */
export function originOf(shopUrl: string | null | undefined): string | undefined {
  if (!shopUrl) return undefined;
  try {
    return new URL(shopUrl).origin;
  } catch {
    return undefined;
  }
}
