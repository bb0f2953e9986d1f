// The widget's public element types (types only, no code): `@lp/widget/types` and re-exported by `@lp/widget`.
// Importing either adds the lp-* elements to `HTMLElementTagNameMap` and their events to `HTMLElementEventMap`.
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
