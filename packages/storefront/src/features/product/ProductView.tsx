import type { Product } from '@lp/sdk/contract';
import { trackItem } from '../../data/trackItem';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { toastStore } from '../../chrome/toastStore';
import { plateTypeOf } from '../../data/catalogueRules';
import { chooseVariant, fontColourValues, productWithVariant, variantOptions } from '../../data/variants';
import { formatEuro } from '../../format';
import { useCart } from '@lp/react';
import { ProductGrid } from '../catalogue/ProductCard';
import { WishlistButton } from '../wishlist/WishlistButton';
import { Gallery } from './Gallery';
import { ColourPicker, VariantPicker } from './VariantPicker';
import { addToCartBody } from './addToCartBody';
import { MAX_LINE_QUANTITY, clampToMinimum } from './quantity';

/** spec 8: the shopper-facing text when a cart call fails. */
export const CART_ERROR_TEXT = 'Es ist ein Fehler aufgetreten, bitte teilen Sie uns dies mit.';

const OFFICIAL = new Set(['Auto', 'Motorrad']);

const TEXT_LABELS: Record<string, string> = {
  Auto: 'Kennzeichen',
  Motorrad: 'Kennzeichen',
  Funschild: 'Wunschtext',
  Parkplatzschild: 'Wunschtext',
};

/** spec 2 product page: variants, colour, gallery, description, price, quantity, add to cart, upsell. */
export function ProductView({ product, upsell }: { product: Product; upsell: Product[] }) {
  const { sdk, reporter } = useShop();
  const pending = useCart(({ state }) => state.pending);
  const [variant, setVariant] = useState(() => product.Variants?.[0] ?? null);
  const colours = useMemo(() => fontColourValues(product), [product]);
  const [colour, setColour] = useState(colours[0] ?? '');
  const minimum = clampToMinimum(product.MinQuantity, product.MinQuantity);
  const [quantity, setQuantity] = useState(minimum);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState('');
  const options = useMemo(() => variantOptions(product), [product]);
  const displayed = productWithVariant(product, variant);
  const textLabel = TEXT_LABELS[plateTypeOf(product)];

  // spec 4: tracked shop events (held by the SDK until marketing consent).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product shown
  useEffect(() => sdk.tracker.track('view_item', { items: [trackItem(product)] }), [product.UniqueId]);

  const choose = (name: string, value: string) => {
    const choice = chooseVariant(product, variant, name, value);
    // spec 8: a variant with no match is logged; the last valid variant stays.
    if (!choice.ok) reporter.report(new Error(choice.error), 'ProductView');
    setVariant(choice.variant);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = addToCartBody({
      product,
      variant,
      displayed,
      quantity,
      colour: colours.length > 0 ? colour : undefined,
      text,
    });
    try {
      // Official plates: the plate rules answer in German before anything is sent. They load on demand (the
      // district list is large), so no product page pays for them up front.
      if (OFFICIAL.has(plateTypeOf(product))) {
        const { validatePlateAttributes } = await import('@lp/sdk/plates');
        const check = validatePlateAttributes(plateTypeOf(product), body.addData[0]?.info.Attributes ?? {});
        setTextError(check.ok ? '' : check.message);
        if (!check.ok) return;
      }
      await sdk.cartStore.getState().add(body);
      sdk.tracker.track('add_to_cart', { items: [trackItem(displayed, quantity)] });
      toastStore.getState().show('Der Artikel wurde in den Warenkorb gelegt.', { kind: 'success' });
    } catch (error) {
      reporter.report(error, 'ProductView');
      toastStore.getState().show(CART_ERROR_TEXT, { kind: 'error' });
    }
  };

  return (
    <>
      <div className="product">
        <Gallery images={displayed.BaseImages ?? []} alt={displayed.Title} />
        <form className="product__buy" onSubmit={submit}>
          <h1>{displayed.Title}</h1>
          <p className="product__price">
            {formatEuro(displayed.Price)} <span className="product__vat">inkl. MwSt.</span>
          </p>
          <VariantPicker options={options} active={variant?.Attributes ?? {}} onChoose={choose} />
          <ColourPicker colours={colours} value={colour} onChange={setColour} />
          {textLabel && (
            <label className="field">
              {textLabel}
              <input
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={40}
                required
                aria-invalid={textError ? true : undefined}
                aria-describedby={textError ? 'plate-text-error' : undefined}
              />
            </label>
          )}
          {textError && (
            <p id="plate-text-error" className="field-error" role="alert">
              {textError}
            </p>
          )}
          <label className="field">
            Menge
            <input
              type="number"
              inputMode="numeric"
              min={minimum}
              max={MAX_LINE_QUANTITY}
              value={quantity}
              onChange={(event) => setQuantity(clampToMinimum(event.target.value, minimum))}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={pending}>
            In den Warenkorb
          </button>
          <WishlistButton
            productId={product.UniqueId}
            productName={product.Name}
            variantId={variant?.UniqueId}
            colour={colours.length > 0 ? colour : undefined}
          />
        </form>
      </div>
      <section className="product__description" aria-labelledby="description-title">
        <h2 id="description-title">Beschreibung</h2>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API (packages/api/src/content/cleanHtml.ts) */}
        <div dangerouslySetInnerHTML={{ __html: displayed.Description }} />
      </section>
      {upsell.length > 0 && (
        <section aria-labelledby="upsell-title">
          <h2 id="upsell-title">Das könnte Sie auch interessieren</h2>
          <ProductGrid products={upsell} headingLevel={3} />
        </section>
      )}
    </>
  );
}
