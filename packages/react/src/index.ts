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
// The elements' DOM types are the widget's (types only); re-exported so an app needs one import.
export type {
  LpAddToCartDetail,
  LpBannerChangeDetail,
  LpBannerConfiguratorElement,
  LpBannerConfiguratorEventMap,
  LpBannerContinueDetail,
  LpCartButtonElement,
  LpCartHandoff,
  LpConfigurationDetail,
  LpConfigureDetail,
  LpEditorAddToCartDetail,
  LpEditorCloseDetail,
  LpEditorErrorDetail,
  LpElementSdk,
  LpErrorDetail,
  LpEventMap,
  LpPlateGeneratorElement,
  LpPlateGeneratorEventMap,
  LpPrintEditorElement,
  LpPrintEditorEventMap,
} from '@lp/widget/types';
export type {
  LpBannerConfiguratorAttributes,
  LpBannerConfiguratorProps,
  LpCartButtonAttributes,
  LpCartButtonProps,
  LpEventProps,
  LpPlateGeneratorAttributes,
  LpPlateGeneratorProps,
  LpPrintEditorAttributes,
  LpPrintEditorProps,
  LpSdkProp,
} from './elements/jsxTypes';
