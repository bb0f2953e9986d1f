import { LpBannerConfigurator, LpPlateGenerator } from '@lp/react';
import { useEffect } from 'react';
import { useShop } from '../../app/ShopContext';
import { loadWidgetElements } from './loadWidgetElements';

const ELEMENTS = { 'lp-plate-generator': LpPlateGenerator, 'lp-banner-configurator': LpBannerConfigurator };

export interface WidgetSlotProps {
  tag: 'lp-plate-generator' | 'lp-banner-configurator';
  label: string;
  /** The generator's product alias (a plate product page embeds the generator for its own product). */
  product?: string;
  /** The Kennzeichen-Art the generator opens with. */
  type?: string;
}

/**
 * Hosts one of the widget's custom elements (DESIGN 5). The element is in the server HTML as an empty tag with a
 * reserved height (no layout shift); the widget code loads after hydration. @lp/react's element component hands it
 * the storefront's own SDK (from the provider), so the header cart count and the widget share one cart. Pages use
 * it through ./deferredWidgetSlot (hydrated from its own chunk).
 */
export function WidgetSlot({ tag, label, product, type }: WidgetSlotProps) {
  const shop = useShop();
  useEffect(() => {
    loadWidgetElements(shop.config.publicApiUrl, shop.config.companyAlias).catch((error: unknown) =>
      shop.reporter.report(error, `WidgetSlot:${tag}`),
    );
  }, [shop, tag]);
  const Element = ELEMENTS[tag];
  return (
    <section className={`widget-slot widget-slot--${tag}`} aria-label={label}>
      <Element
        api={shop.config.publicApiUrl}
        company={shop.config.companyAlias}
        {...(product ? { product } : {})}
        {...(type ? { type } : {})}
      />
      <noscript>
        <p>Der Konfigurator benötigt JavaScript.</p>
      </noscript>
    </section>
  );
}
