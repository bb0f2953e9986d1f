import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { WishlistRow } from '../features/wishlist/WishlistRow';
import { useWishlistEntries } from '../features/wishlist/useWishlist';
import { useWishlistProducts } from '../features/wishlist/useWishlistProducts';

const subscribeNothing = () => () => {};

/** spec 2 /wishlist (issue 6): the products remembered in this browser, each moved to the cart in one click. */
export function Component() {
  const entries = useWishlistEntries();
  // The list lives in this browser: the server (and hydration) render a neutral state, then the list.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const products = useWishlistProducts(entries.map((entry) => entry.id).join(','), hydrated);
  const byId = new Map(products?.map((product) => [product.UniqueId, product]));
  const newestFirst = [...entries].reverse();
  const loading = !hydrated || (entries.length > 0 && products === undefined);
  return (
    <section className="wishlist-page" aria-busy={loading}>
      <h1>Merkzettel</h1>
      {loading ? (
        <p role="status">Merkzettel wird geladen …</p>
      ) : newestFirst.length > 0 && products === null ? (
        <p role="alert">Der Merkzettel konnte gerade nicht geladen werden. Bitte laden Sie die Seite neu.</p>
      ) : newestFirst.length === 0 ? (
        <div className="wishlist-empty">
          <p>Ihr Merkzettel ist leer. Tippen Sie auf das Herz eines Produkts, um es hier zu merken.</p>
          <p>
            <Link to="/kennzeichen" className="button button--primary">
              Produkte entdecken
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="wishlist-page__count" role="status">
            {`${newestFirst.length} Artikel auf Ihrem Merkzettel`}
          </p>
          <ul className="wishlist-list">
            {newestFirst.map((entry) => (
              <WishlistRow key={entry.id} entry={entry} product={byId.get(entry.id)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
