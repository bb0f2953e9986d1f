/** @jsxImportSource preact */
import { de } from '../i18n/de';

export interface CartStatusProps {
  /** This instance has just added a line. */
  added: boolean;
  count: number;
  /** `${shopUrl}/cart?cartGuid=<guid>` once a cart exists. */
  cartUrl: string | null;
}

/**
 * Cart count and the hand-off link to the shop's cart. Every generator on the page shows the same shared count;
 * the one that added also says so. A polite live region announces the change.
 */
export function CartStatus({ added, count, cartUrl }: CartStatusProps) {
  return (
    <div role="status" aria-live="polite">
      {count > 0 ? (
        <p class="confirmation" part="confirmation">
          {added ? `${de.added} ` : null}
          <span part="cart-count" data-count={count}>
            {de.cartCount(count)}
          </span>
          {cartUrl ? (
            <>
              {' · '}
              <a href={cartUrl} part="cart-link" target="_top">
                {de.toCart}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
