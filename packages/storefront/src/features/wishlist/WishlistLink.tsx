import { Link } from 'react-router-dom';
import { HeartIcon } from './HeartIcon';
import { useWishlistEntries } from './useWishlist';

/** Issue 6: the header's wish list link with the number of remembered products. */
export function WishlistLink() {
  const count = useWishlistEntries().length;
  return (
    <Link to="/wishlist" className="wishlist-link" aria-label={`Merkzettel, ${count} Artikel`}>
      <HeartIcon filled={count > 0} />
      <span className="wishlist-count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
