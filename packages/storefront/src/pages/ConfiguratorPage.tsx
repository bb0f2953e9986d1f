import { type FormEvent, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { useShop } from '../app/ShopContext';
import { toastStore } from '../chrome/toastStore';
import { addToCartBody } from '../features/product/addToCartBody';
import { CART_ERROR_TEXT } from '../features/product/ProductView';
import { formatEuro } from '../format';
import type { ProductData } from '../routes/loaders';

/** spec 2: /{alias}/configurator, the name plate configurator: finish, up to three lines, preview, cart. */
export function Component() {
  const { product } = useLoaderData() as ProductData;
  const { sdk, reporter } = useShop();
  const [variant, setVariant] = useState(product.Variants?.[0] ?? null);
  const [lines, setLines] = useState(['', '', '']);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = lines.filter(Boolean).join(' / ');
    const body = addToCartBody({ product, variant, displayed: product, quantity: 1 });
    const entry = body.addData[0];
    if (entry) entry.info.Attributes.Beschriftung = text;
    try {
      await sdk.cartStore.getState().add(body);
      toastStore.getState().show('Das Schild wurde in den Warenkorb gelegt.', { kind: 'success' });
    } catch (error) {
      reporter.report(error, 'ConfiguratorPage');
      toastStore.getState().show(CART_ERROR_TEXT, { kind: 'error' });
    }
  };
  return (
    <form className="configurator" onSubmit={submit}>
      <h1>{product.Name} gestalten</h1>
      <section className="name-plate-preview" aria-label="Vorschau">
        {lines.filter(Boolean).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <span key={index}>{line}</span>
        ))}
      </section>
      {(product.Variants ?? []).length > 1 && (
        <label className="field">
          Ausführung
          <select
            value={variant?.UniqueId}
            onChange={(event) =>
              setVariant(product.Variants.find((v) => v.UniqueId === event.target.value) ?? null)
            }
          >
            {product.Variants.map((v) => (
              <option key={v.UniqueId} value={v.UniqueId}>
                {v.Title}
              </option>
            ))}
          </select>
        </label>
      )}
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
        {formatEuro(variant?.Price ?? product.Price)} <span className="product__vat">inkl. MwSt.</span>
      </p>
      <button type="submit" className="button button--primary">
        In den Warenkorb
      </button>
    </form>
  );
}
