import { LpPlateGenerator, useCart, useProduct } from '@lp/react';
import { useState } from 'react';

/** The cart count from the SDK's cart store: it follows every add, also the generator's. */
function Header() {
  const count = useCart((cart) => cart.count);
  return (
    <header>
      <strong>Kennzeichen-Shop</strong>
      <span data-testid="cart-count">Warenkorb: {count}</span>
    </header>
  );
}

/** One catalogue product by alias. */
function Product({ alias }: { alias: string }) {
  const { data: product, loading, error } = useProduct(alias);
  if (loading) return <p>Lädt …</p>;
  if (error || !product) return <p role="alert">Das Produkt ist gerade nicht verfügbar.</p>;
  return (
    <section aria-labelledby="product-title">
      <h1 id="product-title">{product.Title}</h1>
      <p data-testid="product-price">ab {product.Price.toFixed(2).replace('.', ',')} €</p>
    </section>
  );
}

export function App() {
  const [added, setAdded] = useState('');
  return (
    <>
      <Header />
      <main>
        <Product alias="kfz-kennzeichen" />
        {/* Gets the provider's SDK, so the header counts what it adds. */}
        <LpPlateGenerator
          product="kfz-kennzeichen"
          onAddToCart={(event) => setAdded(event.detail.configuration.plateText)}
        />
        {added && <p data-testid="last-added">Hinzugefügt: {added}</p>}
      </main>
    </>
  );
}
