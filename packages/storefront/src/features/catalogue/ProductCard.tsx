import type { Product } from '@lp/sdk/contract';
import { trackItem } from '../../data/trackItem';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { formatEuro } from '../../format';
import { useCart } from '@lp/react';
import { WishlistButton } from '../wishlist/WishlistButton';
import { buyableFromCard } from './cardPurchase';
import { PriceNote } from '../prices/PriceNote';

/**
 * One product in a grid: image, name, price (gross, with the PAngV note as on the product page). `eager`: the card is
 * in the first screen, so its image is the page's likely largest paint and must not wait for lazy loading.
 */
export function ProductCard({
  product,
  headingLevel = 2,
  eager = false,
}: {
  product: Product;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = product.BaseImages?.[0];
  return (
    <article className="product-card">
      <Link to={`/${product.Alias}`} className="product-card__link">
        {/* The heading names the link; the picture repeated the name ("Kfz-Kennzeichen, 520 × 110 mm, mit
            Beispielkennzeichen Kfz-Kennzeichen"), so here it is decorative. The product page's picture keeps
            its alt text. */}
        {image ? (
          <img
            src={image}
            alt=""
            width={320}
            height={160}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true" />
        )}
        <Heading className="product-card__name">{product.Name}</Heading>
      </Link>
      <p className="product-card__price">
        {formatEuro(product.Price)} <PriceNote />
      </p>
      {buyableFromCard(product) && <CardAddButton product={product} />}
      <WishlistButton
        productId={product.UniqueId}
        productName={product.Name}
        className="product-card__wish"
      />
    </article>
  );
}

/** "In den Warenkorb" on a card whose product needs no configuration (issue 13); the add loads on first click. */
function CardAddButton({ product }: { product: Product }) {
  const shop = useShop();
  const pending = useCart(({ state }) => state.pending);
  const add = () =>
    !pending &&
    import('./cardAdd')
      .then((module) => module.addFromCard(shop, product))
      .catch((error: unknown) => shop.reporter.report(error, 'ProductCard'));
  return (
    <button
      type="button"
      className="button button--primary product-card__add"
      // aria-disabled, not disabled: focus stays on the button while the cart is busy.
      aria-disabled={pending}
      onClick={add}
    >
      In den Warenkorb<span className="visually-hidden">: {product.Name}</span>
    </button>
  );
}

/** Cards in the first screen of a phone (one row of two): their images load at once. */
const FIRST_SCREEN_CARDS = 2;

/** A page's product grid; `aboveFold` when the grid starts in the first screen (a list page's main content). */
export function ProductGrid({
  products,
  headingLevel,
  aboveFold = false,
}: {
  products: Product[];
  headingLevel?: 2 | 3;
  aboveFold?: boolean;
}) {
  const { sdk } = useShop();
  const ids = products.map((product) => product.UniqueId).join(',');
  // spec 4: view_item_list when a list is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per distinct list
  useEffect(() => {
    if (products.length > 0)
      sdk.tracker.track('view_item_list', { items: products.map((p) => trackItem(p)) });
  }, [ids, sdk]);
  if (products.length === 0) return <p>Hier gibt es gerade keine Produkte.</p>;
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard
          key={product.UniqueId}
          product={product}
          headingLevel={headingLevel}
          eager={aboveFold && index < FIRST_SCREEN_CARDS}
        />
      ))}
    </div>
  );
}
