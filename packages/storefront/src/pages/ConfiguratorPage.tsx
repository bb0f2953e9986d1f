import { type FormEvent, useMemo, useState } from 'react';
import { useLoaderData, useMatches } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { showToast } from '../chrome/showToast';
import { chooseVariant, fontColourValues, productWithVariant, variantOptions } from '../data/variants';
import { CART_ERROR_TEXT } from '../features/product/cartErrorText';
import { configuredByGenerator } from '../features/product/configuredByGenerator';
import { ColourPicker, VariantPicker } from '../features/product/VariantPicker';
import { addToCartBody } from '../features/product/addToCartBody';
import { WidgetSlot } from '../features/widget/deferredWidgetSlot';
import { formatEuro } from '../format';
import type { ProductData, RootData } from '../routes/loaders';
import { PriceNote } from '../features/prices/PriceNote';

/** The inscription attribute of a name plate's cart line (shown in cart, checkout and order history). */
export const INSCRIPTION = 'Beschriftung';

/**
 * spec 2: /{alias}/configurator, the name plate configurator: finish, text colour, up to three lines, preview,
 * cart. An official plate is configured in the same generator as on its product page (issue 13), never through a
 * list of every variant.
 */
export function Component() {
  const { product } = useLoaderData() as ProductData;
  if (configuredByGenerator(product)) {
    return (
      <>
        <h1>{product.Name} gestalten</h1>
        <WidgetSlot
          tag="lp-plate-generator"
          label={`${product.Name} konfigurieren`}
          product={product.Alias}
          type={product.Attributes?.['Kennzeichen-Art']}
        />
      </>
    );
  }
  return <NamePlateConfigurator key={product.UniqueId} product={product} />;
}

function NamePlateConfigurator({ product }: { product: ProductData['product'] }) {
  const { sdk, reporter } = useShop();
  // The delivery time the shop states (root loader, the first match), shown under the price.
  const deliveryTime = (useMatches()[0]?.data as RootData | undefined)?.deliveryTime;
  const [variant, setVariant] = useState(product.Variants?.[0] ?? null);
  const options = useMemo(() => variantOptions(product), [product]);
  const colours = useMemo(() => fontColourValues(product), [product]);
  const [colour, setColour] = useState(colours[0] ?? '');
  const [lines, setLines] = useState(['', '', '']);
  // The line's attributes are the chosen variant's (issue 13: what is charged is what the line says).
  const displayed = productWithVariant(product, variant);
  const finish = displayed.Attributes?.Ausführung ?? '';

  const choose = (name: string, value: string) => {
    const choice = chooseVariant(product, variant, name, value);
    if (!choice.ok) reporter.report(new Error(choice.error), 'ConfiguratorPage');
    setVariant(choice.variant);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = lines
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' / ');
    const body = addToCartBody({
      product,
      variant,
      displayed,
      quantity: 1,
      colour: colours.length > 0 ? colour : undefined,
    });
    const entry = body.addData[0];
    if (entry) entry.info.Attributes[INSCRIPTION] = text;
    try {
      await sdk.cartStore.getState().add(body);
      showToast('Das Schild wurde in den Warenkorb gelegt.', { kind: 'success' });
    } catch (error) {
      reporter.report(error, 'ConfiguratorPage');
      showToast(CART_ERROR_TEXT, { kind: 'error', cause: error });
    }
  };

  return (
    <form className="configurator" onSubmit={submit}>
      <h1>{product.Name} gestalten</h1>
      <section
        className={`name-plate-preview name-plate-preview--${finish.toLowerCase().includes('acryl') ? 'acrylic' : 'aluminium'} name-plate-preview--ink-${PREVIEW_INK[colour] ?? 'dark'}`}
        aria-label="Vorschau"
      >
        {lines.filter(Boolean).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <span key={index}>{line}</span>
        ))}
      </section>
      <VariantPicker options={options} active={variant?.Attributes ?? {}} onChoose={choose} />
      <ColourPicker colours={colours} value={colour} onChange={setColour} />
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <label key={index} className="field">
          Zeile {index + 1}
          <input
            value={line}
            maxLength={30}
            required={index === 0}
            onChange={(event) => setLines(lines.map((l, i) => (i === index ? event.target.value : l)))}
          />
        </label>
      ))}
      <p className="product__price">
        <span>{formatEuro(displayed.Price)}</span> <PriceNote />
      </p>
      {/* As the product page's DeliveryNote (inline: importing it put both pages' note in a chunk of its own). */}
      {deliveryTime && <p className="product__delivery">Lieferzeit: {deliveryTime} innerhalb Deutschlands</p>}
      <button type="submit" className="button button--primary">
        In den Warenkorb
      </button>
    </form>
  );
}

/** Preview ink class of the name plates' Schriftfarbe values (white ink is previewed on a dark plate). */
const PREVIEW_INK: Record<string, string> = { Schwarz: 'dark', Weiß: 'light', Gold: 'gold' };
