import { isLpError } from '@lp/sdk';
import type { Product } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import { Link } from 'react-router-dom';
import { trackItem } from '../../data/trackItem';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useShop } from '../../app/ShopContext';
import { showToast } from '../../chrome/showToast';
import { plateTypeOf } from '../../data/catalogueRules';
import { chooseVariant, fontColourValues, productWithVariant, variantOptions } from '../../data/variants';
import { formatEuro } from '../../format';
import { useCart } from '@lp/react';
import { DeferredProductGrid } from '../catalogue/deferredProductGrid';
import { ProductQuantityPrice } from '../prices/QuantityDiscounts';
import { WishlistButton } from '../wishlist/WishlistButton';
import { WidgetSlot } from '../widget/deferredWidgetSlot';
import { Gallery } from './Gallery';
import type { InlinePicture } from './inlinePicture';
import { pictureAlt } from './pictureAlt';
import { ColourPicker, VariantPicker } from './VariantPicker';
import { addToCartBody } from './addToCartBody';
import { MAX_LINE_QUANTITY, clampToMinimum } from './quantity';

import { CART_ERROR_TEXT } from './cartErrorText';
import { DeliveryNote } from './DeliveryNote';
import { configuredByGenerator } from './configuredByGenerator';
import { PriceNote } from '../prices/PriceNote';

export { CART_ERROR_TEXT };

const TEXT_LABELS: Record<string, string> = {
  Auto: 'Kennzeichen',
  Motorrad: 'Kennzeichen',
  Funschild: 'Wunschtext',
  Parkplatzschild: 'Wunschtext',
};

interface ProductViewProps {
  product: Product;
  upsell: Product[];
  /** The first picture as carried in the server's page (inlinePicture.ts). */
  picture?: InlinePicture | undefined;
  /** The delivery time the shop states (root loader data), shown under the price; none, no line. */
  deliveryTime?: string | null | undefined;
}

/** spec 2 product page: variants, colour, gallery, description, price, quantity, add to cart, upsell. */
export function ProductView({ product, upsell, picture, deliveryTime }: ProductViewProps) {
  const { sdk, reporter } = useShop();
  const pending = useCart(({ state }) => state.pending);
  const [variant, setVariant] = useState(() => product.Variants?.[0] ?? null);
  const colours = useMemo(() => fontColourValues(product), [product]);
  const [colour, setColour] = useState(colours[0] ?? '');
  const minimum = clampToMinimum(product.MinQuantity, product.MinQuantity);
  // What the shopper types, committed (clamped) on blur and on adding: clamping at every key press turned a
  // deleted '1' back into '1' at once, so deleting it and typing '3' gave 13 (spec 5 still holds: the quantity
  // added and priced is never below the minimum).
  const [quantityText, setQuantityText] = useState(String(minimum));
  const quantity = clampToMinimum(quantityText, minimum);
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
    if (pending) return;
    setQuantityText(String(quantity));
    const body = addToCartBody({
      product,
      variant,
      displayed,
      quantity,
      colour: colours.length > 0 ? colour : undefined,
      text,
    });
    try {
      setTextError('');
      await sdk.cartStore.getState().add(body);
      sdk.tracker.track('add_to_cart', { items: [trackItem(displayed, quantity)] });
      showToast('Der Artikel wurde in den Warenkorb gelegt.', { kind: 'success' });
    } catch (error) {
      // The server's free-text rules answer in German (fun plates, parking signs): shown at the field.
      if (isLpError(error) && error.apiCode === 'plate-invalid' && error.detail && textLabel)
        return setTextError(error.detail);
      reporter.report(error, 'ProductView');
      showToast(CART_ERROR_TEXT, { kind: 'error', cause: error });
    }
  };

  if (configuredByGenerator(product))
    return (
      <PlateProductView product={product} upsell={upsell} picture={picture} deliveryTime={deliveryTime} />
    );

  return (
    <>
      <div className="product">
        <Gallery images={displayed.BaseImages ?? []} alt={pictureAlt(displayed)} inline={picture} />
        <form className="product__buy" onSubmit={submit}>
          <h1>{displayed.Title}</h1>
          <p className="product__price">
            <span>{formatEuro(displayed.Price)}</span> <PriceNote />
          </p>
          <DeliveryNote deliveryTime={deliveryTime} />
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
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              onBlur={() => setQuantityText(String(quantity))}
            />
          </label>
          <ProductQuantityPrice
            productKey={product.UniqueId}
            unitPrice={displayed.Price}
            quantity={quantity}
          />
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus while the cart is busy. */}
          <button type="submit" className="button button--primary" aria-disabled={pending}>
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
      <ProductFooter product={product} description={displayed.Description} upsell={upsell} />
    </>
  );
}

/** Description, the printing page for printable holders, and the upsell list. */
function ProductFooter({
  product,
  description,
  upsell,
}: {
  product: Product;
  description: string;
  upsell: Product[];
}) {
  return (
    <>
      {product.Attributes?.Bedruckbar === 'ja' && (
        <p className="product__printing">
          Mit Ihrem Logo bedrucken: <Link to="/kennzeichenhalter-bedrucken">Kennzeichenhalter bedrucken</Link>
        </p>
      )}
      <section className="product__description" aria-labelledby="description-title">
        <h2 id="description-title">Beschreibung</h2>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API (packages/api/src/content/cleanHtml.ts) */}
        <div dangerouslySetInnerHTML={{ __html: description }} />
      </section>
      {upsell.length > 0 && (
        <section aria-labelledby="upsell-title">
          <h2 id="upsell-title">Das könnte Sie auch interessieren</h2>
          <DeferredProductGrid products={upsell} headingLevel={3} />
        </section>
      )}
    </>
  );
}

/**
 * An official plate's page: the widget's plate generator for this product (live true-scale preview, kind, season
 * months, size suggestion, checks) does the buying, so every variant the page offers is orderable here.
 */
function PlateProductView({ product, upsell, picture, deliveryTime }: ProductViewProps) {
  return (
    <>
      <div className="product">
        <Gallery images={product.BaseImages ?? []} alt={pictureAlt(product)} inline={picture} />
        <div className="product__buy">
          <h1>{product.Title}</h1>
          <p className="product__price">
            ab {formatEuro(product.Price)} <PriceNote />
          </p>
          <DeliveryNote deliveryTime={deliveryTime} />
          <ProductQuantityPrice productKey={product.UniqueId} unitPrice={product.Price} />
          <p>
            Geben Sie Ihr Kennzeichen ein und wählen Sie Art, Saison und Größe – die Vorschau zeigt Ihr Schild
            maßstabsgetreu.
          </p>
          <WishlistButton productId={product.UniqueId} productName={product.Name} />
        </div>
      </div>
      <WidgetSlot
        tag="lp-plate-generator"
        label={`${product.Name} konfigurieren`}
        product={product.Alias}
        type={product.Attributes?.[ATTR.plateKind]}
      />
      <ProductFooter product={product} description={product.Description} upsell={upsell} />
    </>
  );
}
