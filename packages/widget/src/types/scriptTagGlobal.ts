// Types of what the script-tag build (dist/lp-widget.js) puts on the page: `window.LpWidget` and the `lp-ready`
// event. A dealer's own script written in TypeScript gets them with `import type {} from '@lp/widget/types'`.
// Written here, not derived from the code, so that the types entry names no Preact module; the script tag's own
// module checks its object against them (scriptTag.ts). Types only: nothing here reaches lp-widget.js.

/** Element tags `mount()` accepts. */
export type MountableTag =
  | 'lp-plate-generator'
  | 'lp-banner-configurator'
  | 'lp-print-editor'
  | 'lp-cart-button';

/** Options of `window.LpWidget.mount()`: the tag plus attributes (kebab- or camelCase) and event handlers. */
export interface MountOptions {
  /** @default 'lp-plate-generator' */
  element?: MountableTag;
  /** Attributes, e.g. `{ api: '...', 'shop-url': '...', kennzeichen: 'B-AB 123' }`. */
  attributes?: Record<string, string | null | undefined>;
  /** Event listeners, e.g. `{ 'lp-add-to-cart': (event) => ... }`. */
  on?: Record<string, (event: CustomEvent) => void>;
}

/** The page's cart as `window.LpWidget.cart` reports it. */
export interface LpWidgetCartState {
  count: number;
  cartGuid: string | null;
  /** The shop's cart URL that takes this cart over (`${shopUrl}/cart?cartGuid=<guid>`). */
  handoffUrl: string;
}

/** `window.LpWidget.cart`: the cart of the script tag's `data-api`/`data-company`/`data-dealer`. */
export interface LpWidgetCart {
  readonly count: number;
  readonly handoffUrl: string;
  /** Calls `listener` now and on every change of count or cart guid; returns the unsubscribe function. */
  subscribe(listener: (cart: LpWidgetCartState) => void): () => void;
}

/** `window.LpWidget` once `lp-widget.js` has run (docs/learn/embed-the-widget.md, "Your own scripts"). */
export interface LpWidgetGlobal {
  /** The widget's version, e.g. `'1.4.0'`. */
  readonly version: string;
  /** Creates an element inside `container` (an element or a CSS selector) and returns it. */
  mount(container: Element | string, options?: MountOptions): HTMLElement;
  /** The page's shared cart, for a dealer's own header or analytics. */
  readonly cart: LpWidgetCart;
  /** Settles once the elements are defined: `window.LpWidget.ready.then((widget) => …)`. */
  readonly ready: Promise<LpWidgetGlobal>;
}

declare global {
  interface Window {
    /** Set by the widget's script tag; undefined until it has run (or on a page without it). */
    LpWidget?: LpWidgetGlobal;
  }
  interface DocumentEventMap {
    /** Fired on `document` once by the script tag, when its elements are defined; `detail` is `window.LpWidget`. */
    'lp-ready': CustomEvent<LpWidgetGlobal>;
  }
}
