import { defineElement } from '../elements/defineElement';
import { bannerStyles } from '../styles/bannerStyles';
import { baseStyles } from '../styles/baseStyles';
import { BannerConfigurator } from './BannerConfigurator';

export const BANNER_TAG = 'lp-banner-configurator';

/** Observed attributes of `<lp-banner-configurator>` (docs/reference/elements.md). */
export const BANNER_ATTRIBUTES = ['shop-url', 'product', 'target', 'kennzeichen', 'type', 'lang'] as const;

/**
 * Defines `<lp-banner-configurator>`; a second call is a no-op.
 *
 * @example
 * defineBannerConfigurator();
 */
export function defineBannerConfigurator(): CustomElementConstructor | undefined {
  return defineElement(BANNER_TAG, BannerConfigurator, {
    attributes: BANNER_ATTRIBUTES,
    styles: [baseStyles, bannerStyles],
  });
}
