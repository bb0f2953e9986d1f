import type { Product } from '@lp/sdk/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { showToast } from '../../chrome/showToast';
import { formatEuro } from '../../format';
import { useTracker } from '../tracking/useTracker';
import { displayedProduct, wishlistCartBody } from './wishlistCartBody';
import { type WishlistEntry, wishlistStore } from './wishlistStore';
import { PriceNote } from '../prices/PriceNote';

/** spec 8: the shopper-facing text when a cart call fails (as on the product page). */
const CART_ERROR_TEXT = 'Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.';

/** One remembered product: picture, name, current price, 'In den Warenkorb' (one click) and removal. */
export function WishlistRow({ entry, product }: { entry: WishlistEntry; product: Product | undefined }) {
  const { sdk, reporter } = useShop();
  const tracker = useTracker();
  const [busy, setBusy] = useState(false);
  const remove = () => {
    wishlistStore().getState().remove(entry.id);
    // The pressed button goes with its row: focus moves to the page's heading instead of the top of the document
    // (WCAG 2.4.3); the count above the list announces the change. The helper comes from the late chrome's chunk,
    // which every page has loaded.
    void import('../../chrome/lateChrome').then((chrome) => chrome.focusMainHeading());
  };

  if (!product) {
    return (
      <li className="wishlist-row wishlist-row--gone">
        <p>Dieser Artikel ist nicht mehr erhältlich.</p>
        <button type="button" className="button button--outline" onClick={remove}>
          Vom Merkzettel entfernen
        </button>
      </li>
    );
  }
  const shown = displayedProduct(product, entry);
  const body = wishlistCartBody(product, entry);
  const image = shown.BaseImages?.[0] ?? product.BaseImages?.[0];

  // Issue 6: moved in one click: added to the cart, then taken off the list (only when the add succeeded).
  const moveToCart = async () => {
    if (!body) return;
    setBusy(true);
    try {
      await sdk.cartStore.getState().add(body);
      tracker.track('add_to_cart', { items: [tracker.fromProduct(shown, body.quantity)] });
      remove();
      showToast('Der Artikel wurde in den Warenkorb gelegt.', { kind: 'success' });
    } catch (error) {
      reporter.report(error, 'WishlistRow');
      showToast(CART_ERROR_TEXT, { kind: 'error', cause: error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="wishlist-row">
      <Link to={`/${product.Alias}`} className="wishlist-row__image" tabIndex={-1} aria-hidden="true">
        {image ? <img src={image} alt="" width={120} height={60} loading="lazy" /> : <span />}
      </Link>
      <div className="wishlist-row__body">
        <h2 className="wishlist-row__name">
          <Link to={`/${product.Alias}`}>{shown.Title || product.Name}</Link>
        </h2>
        <p className="wishlist-row__price">
          <span>{formatEuro(shown.Price)}</span> <PriceNote />
        </p>
        <div className="wishlist-row__actions">
          {body ? (
            <button type="button" className="button button--primary" disabled={busy} onClick={moveToCart}>
              In den Warenkorb
            </button>
          ) : (
            <Link to={`/${product.Alias}`} className="button button--primary">
              Jetzt gestalten
            </Link>
          )}
          <button
            type="button"
            className="button button--outline"
            onClick={remove}
            aria-label={`${shown.Title || product.Name} vom Merkzettel entfernen`}
          >
            Entfernen
          </button>
        </div>
      </div>
    </li>
  );
}
