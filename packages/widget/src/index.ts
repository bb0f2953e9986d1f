export { BannerConfigurator } from './banner/BannerConfigurator';
export type { BannerAttributes, BannerConfiguratorProps } from './banner/BannerConfigurator';
export { BANNER_ATTRIBUTES, BANNER_TAG, defineBannerConfigurator } from './banner/defineBannerConfigurator';
export { CartButton } from './cartButton/CartButton';
export type { CartButtonAttributes, CartButtonProps } from './cartButton/CartButton';
export { CART_BUTTON_ATTRIBUTES, CART_BUTTON_TAG, defineCartButton } from './cartButton/defineCartButton';
export { widgetCart } from './cartHandle';
export { defineElements } from './defineElements';
export type { DefineElementsOptions } from './defineElements';
export { camelCase, defineElement } from './elements/defineElement';
export type { DefineElementOptions, ElementBaseProps, Emit } from './elements/defineElement';
export type { ElementStyles } from './elements/adoptStyles';
export { GeneratorForm } from './generator/GeneratorForm';
export type { GeneratorFormProps } from './generator/GeneratorForm';
export { DEFAULT_PRODUCT_ALIAS, PlateGenerator } from './generator/PlateGenerator';
export type {
  AddToCartDetail,
  PlateGeneratorAttributes,
  PlateGeneratorProps,
} from './generator/PlateGenerator';
export type { PlateConfiguration } from './generator/configuration';
export type { ConfigurationDetail } from './generator/describeConfiguration';
export {
  PLATE_GENERATOR_ATTRIBUTES,
  PLATE_GENERATOR_TAG,
  definePlateGenerator,
} from './generator/definePlateGenerator';
export { loadPlates, setPlatesLoader } from './plates/platesApi';
export type { PlatesApi } from './plates/platesApi';
export { PRINT_EDITOR_TAG, defineLazyEditor } from './lazyEditor';
export type { EditorModule } from './lazyEditor';
export { mount } from './mount';
export { PlatePreview } from './preview/PlatePreview';
export type { PlatePreviewProps } from './preview/PlatePreview';
export { configurationUrl, readUrlConfiguration } from './readUrlConfiguration';
export { handoffUrl } from './handoffUrl';
export {
  DEFAULT_COMPANY,
  elementSdk,
  getDefaults,
  getSdk,
  loadProduct,
  provideSdk,
  setDefaults,
} from './sdkRegistry';
export type { LpSdk, WidgetDefaults } from './sdkRegistry';
export { WIDGET_VERSION } from './version';
export type { WidgetErrorDetail } from './widgetError';
// The lp-* elements' DOM types (tag map, event maps, detail types) and the script tag's `window.LpWidget`: types
// only, no bytes in any bundle.
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
  LpWidgetCart,
  LpWidgetCartState,
  LpWidgetGlobal,
  MountOptions,
  MountableTag,
} from './types';
