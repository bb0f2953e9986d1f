import { type LpComponent, type LpComponentProps, createElementComponent } from './createElementComponent';
import type {
  LpBannerConfiguratorElement,
  LpBannerConfiguratorEventMap,
  LpPlateGeneratorElement,
  LpPlateGeneratorEventMap,
  LpPrintEditorElement,
  LpPrintEditorEventMap,
} from '@lp/widget/types';
import type {
  LpBannerConfiguratorAttributes,
  LpPlateGeneratorAttributes,
  LpPrintEditorAttributes,
  LpSdkProp,
} from './jsxTypes';

/** Props of {@link LpPlateGenerator}. */
export type LpPlateGeneratorComponentProps = LpComponentProps<
  LpPlateGeneratorElement,
  LpPlateGeneratorAttributes & LpSdkProp,
  LpPlateGeneratorEventMap
>;
/** Props of {@link LpBannerConfigurator}. */
export type LpBannerConfiguratorComponentProps = LpComponentProps<
  LpBannerConfiguratorElement,
  LpBannerConfiguratorAttributes,
  LpBannerConfiguratorEventMap
>;
/** Props of {@link LpPrintEditor}. */
export type LpPrintEditorComponentProps = LpComponentProps<
  LpPrintEditorElement,
  LpPrintEditorAttributes & LpSdkProp,
  LpPrintEditorEventMap
>;

/**
 * `<lp-plate-generator>` for React 18 and 19, with `onChange`, `onAddToCart`, `onError` and the provider's SDK.
 * The widget must be registered (`defineElements()` of `@lp/widget`) for the element to render.
 * @example
 * <LpPlateGenerator kennzeichen="B-AB 123" onAddToCart={(event) => console.log(event.detail.count)} />
 */
export const LpPlateGenerator: LpComponent<LpPlateGeneratorElement, LpPlateGeneratorComponentProps> =
  /* @__PURE__ */ createElementComponent('lp-plate-generator', ['change', 'add-to-cart', 'error'], true);

/**
 * `<lp-banner-configurator>` with `onChange` and `onContinue`.
 * @example
 * <LpBannerConfigurator shop-url="https://shop.example.de" onContinue={(event) => console.log(event.detail.how)} />
 */
export const LpBannerConfigurator: LpComponent<
  LpBannerConfiguratorElement,
  LpBannerConfiguratorComponentProps
> = /* @__PURE__ */ createElementComponent('lp-banner-configurator', ['change', 'continue'], false);

/**
 * `<lp-print-editor>` with `onAddToCart`, `onClose`, `onError` and the provider's SDK.
 * @example
 * <LpPrintEditor product="KZH-029" onClose={() => setOpen(false)} />
 */
export const LpPrintEditor: LpComponent<LpPrintEditorElement, LpPrintEditorComponentProps> =
  /* @__PURE__ */ createElementComponent('lp-print-editor', ['add-to-cart', 'close', 'error'], true);
