import { Link, useLoaderData } from 'react-router-dom';
import { PromiseBar } from '../chrome/PromiseBar';
import { DeferredProductGrid } from '../features/catalogue/deferredProductGrid';
import { WidgetSlot } from '../features/widget/deferredWidgetSlot';
import { formatEuro } from '../format';
import type { HomeData } from '../routes/loaders';

/** spec 2: home with banner configurator and plate generator, the main category's products and the promises. */
export function Component() {
  const { rootPrice, freeShippingFrom, products } = useLoaderData() as HomeData;
  return (
    <>
      <section className="hero">
        <h1>Kennzeichen online bestellen</h1>
        <p className="hero__price">
          Zertifizierte Autokennzeichen ab <strong>{formatEuro(rootPrice)}</strong>
        </p>
        <WidgetSlot tag="lp-banner-configurator" label="Kennzeichen-Konfigurator" />
      </section>
      <PromiseBar freeShippingFrom={freeShippingFrom} />
      <section aria-labelledby="generator-title">
        <h2 id="generator-title">Ihr Wunschkennzeichen gestalten</h2>
        <WidgetSlot tag="lp-plate-generator" label="Kennzeichen-Generator" />
      </section>
      <section aria-labelledby="products-title">
        <h2 id="products-title">Beliebte Kennzeichen</h2>
        <DeferredProductGrid products={products} headingLevel={3} />
        <p>
          <Link to="/kennzeichen">Alle Kennzeichen ansehen</Link>
        </p>
      </section>
    </>
  );
}
