import { Link } from 'react-router-dom';
import { useCart } from '@lp/react';
import { Icon } from '../icons/Icon';

/** spec 2: cart indicator with the item count (sum of the lines' counts, from the SDK cart store). */
export function CartLink({ className = 'cart-link' }: { className?: string }) {
  const count = useCart(({ state }) => state.count);
  return (
    <Link to="/cart" className={className} aria-label={`Warenkorb, ${count} Artikel`}>
      <Icon name="cart" />
      <span className="cart-count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
