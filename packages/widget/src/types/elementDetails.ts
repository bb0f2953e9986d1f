// `detail` types of the events the widget's elements dispatch (docs/reference/elements.md,
// docs/reference/print-editor.md): the public, DOM-only face of the elements (no Preact), shipped as types only.
// @lp/react builds its JSX types on them; packages/react/__tests__/fixtures/widgetTypes.ts proves they equal the
// types the components emit.
import type { Cart, CartItem } from '@lp/sdk';
import type { PlateKind } from '@lp/sdk/plates';

/** `detail` of `lp-change` on `<lp-plate-generator>`: the configuration plus what follows from it. */
export interface LpConfigurationDetail {
  /** As typed. */
  text: string;
  /** Canonical form ('B-AB 123') when valid, else the trimmed text. */
  plateText: string;
  kind: string;
  /** Kennzeichen-Art value, e.g. 'E-Kennzeichen'. */
  kennzeichenArt: string;
  /** Kennzeichengröße, e.g. '520x110'. */
  size: string;
  season: { start: number; end: number } | null;
  quantity: number;
  colour: string | null;
  valid: boolean;
  /** German messages of the plate rules. */
  errors: string[];
  productAlias: string | null;
  /** UniqueId of the matching variant (what goes into the cart), or null. */
  variantId: string | null;
  unitPrice: number | null;
  total: number | null;
}

/** `detail` of `lp-add-to-cart` on `<lp-plate-generator>`. */
export interface LpAddToCartDetail {
  line: CartItem | null;
  /** The cart count after the add. */
  count: number;
  cartGuid: string | null;
  configuration: LpConfigurationDetail;
}

/** `detail` of `lp-error` on `<lp-plate-generator>`. */
export interface LpErrorDetail {
  /**
   * What failed: loading the product, adding to the cart, a configuration without a variant, or the shop API
   * refusing this page's origin (not registered for the dealer).
   */
  code: 'product' | 'add' | 'variant' | 'origin-not-allowed';
  /** German message, as shown in the widget. */
  message: string;
  /** For the page's developer (English), with code `origin-not-allowed`: what to ask the shop for. */
  fix?: string;
  /** The SDK error (`LpError`) when there is one. */
  error?: unknown;
}

/** `detail` of `lp-change` on `<lp-banner-configurator>`. */
export interface LpBannerChangeDetail {
  text: string;
  /** The banner offers 'standard', 'E', 'H' and 'season'. */
  kind: PlateKind;
}

/** `detail` of `lp-continue` on `<lp-banner-configurator>`. */
export interface LpBannerContinueDetail extends LpBannerChangeDetail {
  /** Continued in a generator of the page, or navigated to the shop. */
  how: 'generator' | 'navigate';
}

/** `detail` of `lp-add-to-cart` on `<lp-print-editor>`. */
export interface LpEditorAddToCartDetail {
  productUniqueId: string;
  /** URL of the uploaded design picture. */
  url: string;
  cart: Cart;
}

/** Where a closing `<lp-print-editor>` hands the cart over. */
export interface LpCartHandoff {
  cartGuid: string | null;
  /** The shop's cart URL that takes this cart over (`${shopUrl}/cart?cartGuid=<guid>`, or `${shopUrl}/cart`). */
  handoffUrl: string;
}

/** `detail` of `lp-close` on `<lp-print-editor>`: ordered (with the design's URL) or back, and the cart. */
export type LpEditorCloseDetail =
  | ({ reason: 'ordered'; url: string } & LpCartHandoff)
  | ({ reason: 'back' } & LpCartHandoff);

/** `detail` of `lp-error` on `<lp-print-editor>`. */
export interface LpEditorErrorDetail {
  code: 'upload' | 'image' | 'product' | 'origin-not-allowed' | 'stage';
  /** German message, as shown in the editor. */
  message: string;
  /** For the page's developer: what to change (`origin-not-allowed`, `stage`). */
  fix?: string;
  error?: unknown;
}

/** `detail` of `lp-configure`, dispatched *to* a generator to replace text, kind and size. */
export interface LpConfigureDetail {
  kennzeichen?: string;
  type?: string;
  size?: string;
}
