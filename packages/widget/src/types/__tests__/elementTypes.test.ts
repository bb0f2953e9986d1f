// The public element types (`@lp/widget/types`) are written by hand, apart from the components, so that their
// declaration bundle names no Preact module. This test ties the two together: the widget's typecheck
// (`pnpm --filter @lp/widget typecheck`, part of `pnpm test`) fails when an attribute or property is added to,
// removed from or retyped on one side only. At run time the assertions are no-ops; the last test checks
// the types entry's module graph instead.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BannerAttributes } from '../../banner/BannerConfigurator';
import type { BANNER_ATTRIBUTES } from '../../banner/defineBannerConfigurator';
import type { CartButtonAttributes, CartButtonProps } from '../../cartButton/CartButton';
import type { CART_BUTTON_ATTRIBUTES } from '../../cartButton/defineCartButton';
import type { PRINT_EDITOR_ATTRIBUTES } from '../../editor/definePrintEditor';
import type { PrintEditorProps } from '../../editor/ui/PrintEditor';
import type { widgetCart } from '../../cartHandle';
import type { ElementBaseProps } from '../../elements/defineElement';
import type { PlateGeneratorAttributes, PlateGeneratorProps } from '../../generator/PlateGenerator';
import type { PLATE_GENERATOR_ATTRIBUTES } from '../../generator/defineGeneratorElement';
import type { mount } from '../../mount';
import type {
  LpBannerConfiguratorElement,
  LpCartButtonElement,
  LpElementSdk,
  LpPlateGeneratorElement,
  LpPrintEditorElement,
  LpWidgetGlobal,
} from '../index';

/** `shop-url` -> `shopUrl`, as defineElement names the prop of an observed attribute. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
/** The props defineElement derives from an observed-attribute list: camelCase name, value or null. */
type FromAttributeList<L extends readonly string[]> = { [K in L[number] as CamelCase<K>]: string | null };
/**
 * What an element type adds to HTMLElement. An attribute HTMLElement already declares (`lang`) keeps the DOM's own
 * property, so the element types leave it out; the event-listener overloads are HTMLElement's names too.
 */
type OwnProps<E> = Omit<E, keyof HTMLElement>;
/** The attribute props an element type must mirror: the component's, minus HTMLElement's own (`lang`). */
type Mirrored<A> = Omit<A, keyof HTMLElement>;
/** A component's props without what defineElement passes (host, emit) and without the `sdk` property. */
type AttributeProps<P> = Omit<P, keyof ElementBaseProps | 'sdk'>;
// The non-attribute `sdk` property is compared on its own: expect-type's deep equality does not see through an
// intersection with the SDK's own types (`Attributes & { sdk: Sdk | undefined }` never equals the flat object).

describe('@lp/widget/types mirrors the elements', () => {
  it('<lp-plate-generator>: attributes, reflecting properties and sdk', () => {
    expectTypeOf<
      FromAttributeList<typeof PLATE_GENERATOR_ATTRIBUTES>
    >().toEqualTypeOf<PlateGeneratorAttributes>();
    expectTypeOf<AttributeProps<PlateGeneratorProps>>().toEqualTypeOf<PlateGeneratorAttributes>();
    expectTypeOf<Omit<OwnProps<LpPlateGeneratorElement>, 'sdk'>>().toEqualTypeOf<
      Mirrored<PlateGeneratorAttributes>
    >();
    expectTypeOf<LpPlateGeneratorElement['sdk']>().toEqualTypeOf<LpElementSdk | undefined>();
    // The SDK a page hands the element is one the component can use.
    expectTypeOf<LpElementSdk>().toExtend<NonNullable<PlateGeneratorProps['sdk']>>();
  });

  it('<lp-print-editor>: attributes, reflecting properties and sdk', () => {
    expectTypeOf<FromAttributeList<typeof PRINT_EDITOR_ATTRIBUTES>>().toEqualTypeOf<
      AttributeProps<PrintEditorProps>
    >();
    expectTypeOf<Omit<OwnProps<LpPrintEditorElement>, 'sdk'>>().toEqualTypeOf<
      Mirrored<AttributeProps<PrintEditorProps>>
    >();
    expectTypeOf<LpPrintEditorElement['sdk']>().toEqualTypeOf<LpElementSdk | undefined>();
    expectTypeOf<LpElementSdk>().toExtend<NonNullable<PrintEditorProps['sdk']>>();
  });

  it('<lp-banner-configurator> and <lp-cart-button>', () => {
    expectTypeOf<FromAttributeList<typeof BANNER_ATTRIBUTES>>().toEqualTypeOf<BannerAttributes>();
    expectTypeOf<OwnProps<LpBannerConfiguratorElement>>().toEqualTypeOf<Mirrored<BannerAttributes>>();
    expectTypeOf<FromAttributeList<typeof CART_BUTTON_ATTRIBUTES>>().toEqualTypeOf<CartButtonAttributes>();
    expectTypeOf<AttributeProps<CartButtonProps>>().toEqualTypeOf<CartButtonAttributes>();
    expectTypeOf<Omit<OwnProps<LpCartButtonElement>, 'sdk'>>().toEqualTypeOf<
      Mirrored<CartButtonAttributes>
    >();
    expectTypeOf<LpCartButtonElement['sdk']>().toEqualTypeOf<LpElementSdk | undefined>();
    expectTypeOf<LpElementSdk>().toExtend<NonNullable<CartButtonProps['sdk']>>();
  });

  it("the script tag's window.LpWidget and lp-ready event, as a dealer's own script reads them", () => {
    expectTypeOf<Window['LpWidget']>().toEqualTypeOf<LpWidgetGlobal | undefined>();
    expectTypeOf<DocumentEventMap['lp-ready']>().toEqualTypeOf<CustomEvent<LpWidgetGlobal>>();
    expectTypeOf<Parameters<LpWidgetGlobal['mount']>>().toEqualTypeOf<Parameters<typeof mount>>();
    expectTypeOf<LpWidgetGlobal['cart']>().toEqualTypeOf<typeof widgetCart>();
  });

  it('the types entry reaches no component module, not even by a type import', () => {
    // What its declaration bundle (dist/types.d.ts) is built from: every file the compiler loads for the entry.
    const widget = fileURLToPath(new URL('../../../', import.meta.url));
    const config = ts.getParsedCommandLineOfConfigFile(
      `${widget}tsconfig.json`,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => {},
      },
    )!;
    const program = ts.createProgram([`${widget}src/types/index.ts`], config.options);
    const widgetFiles = program
      .getSourceFiles()
      .map((file) => file.fileName)
      .filter((file) => file.startsWith(`${widget}src/`));
    expect(widgetFiles).toContain(`${widget}src/types/elementTypes.ts`);
    expect(widgetFiles.filter((file) => !file.startsWith(`${widget}src/types/`))).toEqual([]);
  });
});
