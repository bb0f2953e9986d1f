// The widget's public element types (types only, no code): `@lp/widget/types` and re-exported by `@lp/widget`.
// Importing either adds the lp-* elements to `HTMLElementTagNameMap` and their events to `HTMLElementEventMap`,
// and types the script tag's `window.LpWidget` and `lp-ready` event.
export type {
  LpAddToCartDetail,
  LpBannerChangeDetail,
  LpBannerContinueDetail,
  LpCartHandoff,
  LpConfigurationDetail,
  LpConfigureDetail,
  LpEditorAddToCartDetail,
  LpEditorCloseDetail,
  LpEditorErrorDetail,
  LpErrorDetail,
} from './elementDetails';
export type {
  LpBannerConfiguratorElement,
  LpBannerConfiguratorEventMap,
  LpCartButtonElement,
  LpElementSdk,
  LpEventMap,
  LpPlateGeneratorElement,
  LpPlateGeneratorEventMap,
  LpPrintEditorElement,
  LpPrintEditorEventMap,
} from './elementTypes';
export type {
  LpWidgetCart,
  LpWidgetCartState,
  LpWidgetGlobal,
  MountOptions,
  MountableTag,
} from './scriptTagGlobal';
