import { HeartIcon } from './HeartIcon';
import { useWishlistEntries } from './useWishlist';
import { wishlistStore } from './wishlistStore';

export interface WishlistButtonProps {
  productId: string;
  productName: string;
  variantId?: string;
  colour?: string;
  className?: string;
}

/** Issue 6: the heart toggle on product cards and product pages; aria-pressed tells whether it is remembered. */
export function WishlistButton({
  productId,
  productName,
  variantId,
  colour,
  className,
}: WishlistButtonProps) {
  const entries = useWishlistEntries();
  const saved = entries.some((entry) => entry.id === productId);
  const label = saved ? 'Vom Merkzettel entfernen' : 'Auf den Merkzettel';
  return (
    <button
      type="button"
      className={['wishlist-button', saved && 'is-saved', className].filter(Boolean).join(' ')}
      aria-pressed={saved}
      // WCAG 2.4.6: a grid has one heart per card; the product name tells a screen reader's button list apart
      // (a title only became the description). The visible label starts the name (2.5.3).
      aria-label={`${label}: ${productName}`}
      onClick={() =>
        wishlistStore()
          .getState()
          .toggle({
            id: productId,
            ...(variantId ? { variantId } : {}),
            ...(colour ? { colour } : {}),
          })
      }
    >
      <HeartIcon filled={saved} />
      <span className="wishlist-button__label">{label}</span>
    </button>
  );
}
