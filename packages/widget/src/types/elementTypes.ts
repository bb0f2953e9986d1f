// Types of the widget's custom elements for plain TypeScript: per-element event maps, element interfaces
// (reflecting properties, typed addEventListener) and the global tag and event maps, so that
// `document.querySelector('lp-plate-generator')` is typed in any project that imports `@lp/widget` (or, with the
// script-tag build, `import type {} from '@lp/widget'`). Attribute and event lists follow
// docs/reference/elements.md and docs/reference/print-editor.md. Types only: nothing here reaches lp-widget.js.
import type { Sdk } from '@lp/sdk';
import type {
  LpAddToCartDetail,
  LpBannerChangeDetail,
  LpBannerContinueDetail,
  LpConfigurationDetail,
  LpEditorAddToCartDetail,
  LpEditorCloseDetail,
  LpEditorErrorDetail,
  LpErrorDetail,
} from './elementDetails';

/** Events `<lp-plate-generator>` dispatches (bubbling, composed `CustomEvent`s). */
export interface LpPlateGeneratorEventMap {
  'lp-change': CustomEvent<LpConfigurationDetail>;
  'lp-add-to-cart': CustomEvent<LpAddToCartDetail>;
  'lp-error': CustomEvent<LpErrorDetail>;
}

/** Events `<lp-banner-configurator>` dispatches. */
export interface LpBannerConfiguratorEventMap {
  'lp-change': CustomEvent<LpBannerChangeDetail>;
  'lp-continue': CustomEvent<LpBannerContinueDetail>;
}

/** Events `<lp-print-editor>` dispatches. */
export interface LpPrintEditorEventMap {
  'lp-add-to-cart': CustomEvent<LpEditorAddToCartDetail>;
  'lp-close': CustomEvent<LpEditorCloseDetail>;
  'lp-error': CustomEvent<LpEditorErrorDetail>;
}

/** Every `lp-*` event by name, as it reaches a listener on an ancestor or the document (they bubble). */
export type LpEventMap = {
  [K in keyof LpPlateGeneratorEventMap | keyof LpBannerConfiguratorEventMap | keyof LpPrintEditorEventMap]:
    | (K extends keyof LpPlateGeneratorEventMap ? LpPlateGeneratorEventMap[K] : never)
    | (K extends keyof LpBannerConfiguratorEventMap ? LpBannerConfiguratorEventMap[K] : never)
    | (K extends keyof LpPrintEditorEventMap ? LpPrintEditorEventMap[K] : never);
};

/** The SDK an element may be handed instead of `api`/`company` (a `createSdk()` instance). */
export type LpElementSdk = Sdk;

/** Adds `addEventListener`/`removeEventListener` overloads for the element's own events. */
interface LpEventTarget<E extends HTMLElement, M> {
  addEventListener<K extends keyof M>(
    type: K,
    listener: (this: E, event: M[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: E, event: HTMLElementEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof M>(
    type: K,
    listener: (this: E, event: M[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: E, event: HTMLElementEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

/** `<lp-plate-generator>`: each attribute is mirrored by a reflecting property; `null` means absent. */
export interface LpPlateGeneratorElement
  extends Omit<HTMLElement, 'addEventListener' | 'removeEventListener'>,
    LpEventTarget<LpPlateGeneratorElement, LpPlateGeneratorEventMap> {
  api: string | null;
  company: string | null;
  product: string | null;
  size: string | null;
  type: string | null;
  shopUrl: string | null;
  kennzeichen: string | null;
  art: string | null;
  groesse: string | null;
  readUrl: string | null;
  /** Dealer id credited with what this element adds (default the script tag's `data-dealer`). */
  dealer: string | null;
  /** Not an attribute: an SDK to use instead of `api`/`company`. */
  sdk: LpElementSdk | undefined;
}

/** `<lp-banner-configurator>`. */
export interface LpBannerConfiguratorElement
  extends Omit<HTMLElement, 'addEventListener' | 'removeEventListener'>,
    LpEventTarget<LpBannerConfiguratorElement, LpBannerConfiguratorEventMap> {
  shopUrl: string | null;
  product: string | null;
  target: string | null;
  kennzeichen: string | null;
  type: string | null;
}

/** `<lp-print-editor>` (loaded lazily by the widget). */
export interface LpPrintEditorElement
  extends Omit<HTMLElement, 'addEventListener' | 'removeEventListener'>,
    LpEventTarget<LpPrintEditorElement, LpPrintEditorEventMap> {
  api: string | null;
  company: string | null;
  product: string | null;
  fontUrl: string | null;
  /** Where `lp-close` hands the cart over (`handoffUrl`); default the script tag's `data-shop-url`. */
  shopUrl: string | null;
  /** Dealer id credited with the order (default the script tag's `data-dealer`). */
  dealer: string | null;
  /** Not an attribute: an SDK to use instead of `api`/`company`. */
  sdk: LpElementSdk | undefined;
}

/** `<lp-cart-button>`: the cart badge, a link to the shop's cart that hands the page's cart over. No events. */
export interface LpCartButtonElement extends HTMLElement {
  api: string | null;
  company: string | null;
  shopUrl: string | null;
  dealer: string | null;
  /** Not an attribute: an SDK to use instead of `api`/`company`. */
  sdk: LpElementSdk | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'lp-plate-generator': LpPlateGeneratorElement;
    'lp-banner-configurator': LpBannerConfiguratorElement;
    'lp-print-editor': LpPrintEditorElement;
    'lp-cart-button': LpCartButtonElement;
  }
  // Delegated listening (`document.body.addEventListener('lp-add-to-cart', …)`): the union over the elements.
  interface HTMLElementEventMap extends LpEventMap {}
  // The events are composed and bubble, so a page listens on the document too.
  interface DocumentEventMap extends LpEventMap {}
}
