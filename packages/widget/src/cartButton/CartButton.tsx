/** @jsxImportSource preact */
import type { ElementBaseProps } from '../elements/defineElement';
import { handoffUrl } from '../handoffUrl';
import { de } from '../i18n/de';
import { type LpSdk, elementSdk, getDefaults } from '../sdkRegistry';
import { useCartState } from '../useCartState';

/** Attributes of `<lp-cart-button>`; null means absent (then the script tag's `data-*` values apply). */
export interface CartButtonAttributes {
  api: string | null;
  company: string | null;
  shopUrl: string | null;
  dealer: string | null;
  lang: string | null;
}

export interface CartButtonProps extends CartButtonAttributes, ElementBaseProps {
  sdk?: LpSdk;
}

/**
 * `<lp-cart-button>`: the cart badge for a dealer's header. A link (keyboard, touch, middle-click all work as on
 * any link) to the shop's cart that hands the page's cart over; its accessible name says the count
 * ("Warenkorb, 2 Artikel"). The count follows every add of every element of the page (one shared cart store);
 * announcing an add is the adding element's job (its polite live region), so the badge does not say it twice.
 */
export function CartButton(props: CartButtonProps) {
  const cart = useCartState(elementSdk(props));
  return (
    <span class="root" part="root" lang="de">
      <a
        class="button"
        part="button"
        href={handoffUrl(props.shopUrl ?? getDefaults().shopUrl ?? '', cart.cartGuid)}
        target="_top"
        aria-label={de.cartButton(cart.count)}
      >
        {/* A shopping bag, drawn with the link's colour. */}
        <svg viewBox="0 0 24 24" aria-hidden="true" part="icon">
          <path d="M5 8h14l-1 13H6zm4 0a3 3 0 0 1 6 0" />
        </svg>
        <span class="count" part="count" data-count={cart.count}>
          {cart.count}
        </span>
      </a>
    </span>
  );
}
