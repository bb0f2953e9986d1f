export { BannerConfigurator } from './banner/BannerConfigurator';
export type { BannerAttributes, BannerConfiguratorProps } from './banner/BannerConfigurator';
export { BANNER_ATTRIBUTES, BANNER_TAG, defineBannerConfigurator } from './banner/defineBannerConfigurator';
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
export type { MountOptions, MountableTag } from './mount';
export { PlatePreview } from './preview/PlatePreview';
export type { PlatePreviewProps } from './preview/PlatePreview';
export { configurationUrl, readUrlConfiguration } from './readUrlConfiguration';
export { DEFAULT_COMPANY, getDefaults, getSdk, loadProduct, provideSdk, setDefaults } from './sdkRegistry';
export type { LpSdk, WidgetDefaults } from './sdkRegistry';
export { WIDGET_VERSION } from './version';
export type { WidgetErrorDetail } from './widgetError';
