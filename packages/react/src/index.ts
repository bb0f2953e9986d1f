// @lp/react: a thin binding (CONVENTIONS): the provider hands one SDK down, the hooks subscribe to its stores and
// services, and the element types and wrappers bind the widget's lp-* elements. No logic of its own.
export { LpContext, LpProvider } from './LpProvider';
export type { LpProviderProps } from './LpProvider';
export { useLpSdk } from './useLpSdk';
export { useCart } from './useCart';
export type { CartView } from './useCart';
export { preloadProduct, useProduct } from './useProduct';
export type { ProductResult } from './useProduct';
export { usePlateCheck } from './usePlateCheck';
export type { PlateCheck } from './usePlateCheck';

export { LpBannerConfigurator, LpPlateGenerator, LpPrintEditor } from './elements/elementComponents';
export type {
  LpBannerConfiguratorComponentProps,
  LpPlateGeneratorComponentProps,
  LpPrintEditorComponentProps,
} from './elements/elementComponents';
export type { LpComponent, LpComponentProps, LpHandlerProps } from './elements/createElementComponent';
export type {
  LpAddToCartDetail,
  LpBannerChangeDetail,
  LpBannerContinueDetail,
  LpConfigurationDetail,
  LpConfigureDetail,
  LpEditorAddToCartDetail,
  LpEditorCloseDetail,
  LpEditorErrorDetail,
  LpErrorDetail,
} from './elements/elementDetails';
export type {
  LpBannerConfiguratorElement,
  LpBannerConfiguratorEventMap,
  LpElementSdk,
  LpEventMap,
  LpPlateGeneratorElement,
  LpPlateGeneratorEventMap,
  LpPrintEditorElement,
  LpPrintEditorEventMap,
} from './elements/elementTypes';
export type {
  LpBannerConfiguratorAttributes,
  LpBannerConfiguratorProps,
  LpEventProps,
  LpPlateGeneratorAttributes,
  LpPlateGeneratorProps,
  LpPrintEditorAttributes,
  LpPrintEditorProps,
  LpSdkProp,
} from './elements/jsxTypes';
