// JSX types of the widget's elements for React 19, which renders custom elements natively: attributes are
// kebab-case as in HTML, and an event prop is `on` + the exact event name (`onlp-add-to-cart`). React 19 adds a
// listener for whatever follows `on`, so `onLpAddToCart` would listen for an event called 'LpAddToCart' that never
// fires; it is left out of these types on purpose, which makes it a type error. The element, event and detail
// types are the widget's own (`@lp/widget/types`, types only); only the React layer is written here.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  LpBannerConfiguratorElement,
  LpBannerConfiguratorEventMap,
  LpCartButtonElement,
  LpElementSdk,
  LpPlateGeneratorElement,
  LpPlateGeneratorEventMap,
  LpPrintEditorElement,
  LpPrintEditorEventMap,
} from '@lp/widget/types';

/** `onlp-add-to-cart`-style props for every event of a map, each receiving the typed `CustomEvent`. */
export type LpEventProps<M> = {
  [K in keyof M & string as `on${K}`]?: (event: M[K]) => void;
};

/** Attributes of `<lp-plate-generator>` (docs/reference/elements.md). */
export interface LpPlateGeneratorAttributes {
  api?: string;
  company?: string;
  /** Product alias. @default 'kfz-kennzeichen' */
  product?: string;
  /** Size id ('520x110' ...); setting it fixes the size. */
  size?: string;
  /** 'standard', 'E', 'H', 'season', 'H+season', 'E+season' or a Kennzeichen-Art value. */
  type?: string;
  'shop-url'?: string;
  lang?: string;
  kennzeichen?: string;
  art?: string;
  groesse?: string;
  /** When present, `kennzeichen`, `art` and `groesse` are also read from `location.search`. */
  'read-url'?: boolean | '';
  /** Dealer id credited with what the element adds. */
  dealer?: string;
}

/** Attributes of `<lp-banner-configurator>`. */
export interface LpBannerConfiguratorAttributes {
  'shop-url'?: string;
  product?: string;
  /** CSS selector of the generator to continue in. */
  target?: string;
  kennzeichen?: string;
  type?: string;
  lang?: string;
}

/** Attributes of `<lp-print-editor>`. */
export interface LpPrintEditorAttributes {
  api?: string;
  company?: string;
  /** UniqueId or alias of the printable holder. */
  product?: string;
  'font-url'?: string;
  /** Where `lp-close` hands the cart over. */
  'shop-url'?: string;
  /** Dealer id credited with the order. */
  dealer?: string;
}

/** Attributes of `<lp-cart-button>`. */
export interface LpCartButtonAttributes {
  api?: string;
  company?: string;
  'shop-url'?: string;
  dealer?: string;
  lang?: string;
}

/** Props for a property that is not an attribute. */
export interface LpSdkProp {
  /**
   * Set as a property by React 19 only when the element is already defined at render time (call the widget's
   * `defineElements()` first); otherwise React writes the attribute `sdk="[object Object]"`, which the element
   * ignores. The wrapper components (`LpPlateGenerator` ...) set it in both cases, and default it to the
   * `LpProvider`'s SDK.
   */
  sdk?: LpElementSdk;
}

type HostProps<E> = DetailedHTMLProps<HTMLAttributes<E>, E>;

/** JSX props of `<lp-plate-generator>`. */
export type LpPlateGeneratorProps = HostProps<LpPlateGeneratorElement> &
  LpPlateGeneratorAttributes &
  LpSdkProp &
  LpEventProps<LpPlateGeneratorEventMap>;

/** JSX props of `<lp-banner-configurator>`. */
export type LpBannerConfiguratorProps = HostProps<LpBannerConfiguratorElement> &
  LpBannerConfiguratorAttributes &
  LpEventProps<LpBannerConfiguratorEventMap>;

/** JSX props of `<lp-print-editor>`. */
export type LpPrintEditorProps = HostProps<LpPrintEditorElement> &
  LpPrintEditorAttributes &
  LpSdkProp &
  LpEventProps<LpPrintEditorEventMap>;

/** JSX props of `<lp-cart-button>` (it dispatches no events). */
export type LpCartButtonProps = HostProps<LpCartButtonElement> & LpCartButtonAttributes & LpSdkProp;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'lp-plate-generator': LpPlateGeneratorProps;
      'lp-banner-configurator': LpBannerConfiguratorProps;
      'lp-print-editor': LpPrintEditorProps;
      'lp-cart-button': LpCartButtonProps;
    }
  }
}
