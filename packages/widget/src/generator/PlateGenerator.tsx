/** @jsxImportSource preact */
import type { AddCartItemBody } from '@lp/sdk/contract';
import { useEffect, useState } from 'preact/hooks';
import type { ElementBaseProps } from '../elements/defineElement';
import { usePlates } from '../plates/usePlates';
import { readUrlConfiguration } from '../readUrlConfiguration';
import { handoffUrl } from '../handoffUrl';
import { type LpSdk, elementSdk, getDefaults } from '../sdkRegistry';
import { useCartState } from '../useCartState';
import { useProduct } from '../useProduct';
import { type WidgetErrorDetail, widgetError } from '../widgetError';
import { CartStatus } from './CartStatus';
import { GeneratorForm } from './GeneratorForm';
import { parseKind, parseSize } from './configuration';
import type { LpAddToCartDetail } from '../types/elementDetails';
import type { ConfigurationDetail } from './describeConfiguration';

/** The car plate product of the demo catalogue (Kennzeichentyp 'Auto'). */
export const DEFAULT_PRODUCT_ALIAS = 'kfz-kennzeichen';

/** Attributes of `<lp-plate-generator>` (kebab-case in HTML, camelCase here); null means absent. */
export interface PlateGeneratorAttributes {
  api: string | null;
  company: string | null;
  product: string | null;
  size: string | null;
  type: string | null;
  shopUrl: string | null;
  lang: string | null;
  kennzeichen: string | null;
  art: string | null;
  groesse: string | null;
  readUrl: string | null;
  /** Dealer id credited with what this generator adds (default: the script tag's `data-dealer`). */
  dealer: string | null;
}

export interface PlateGeneratorProps extends PlateGeneratorAttributes, ElementBaseProps {
  /** An SDK handed in by the host application instead of `api`/`company`. */
  sdk?: LpSdk;
}

/** `detail` of `lp-add-to-cart`: the public type of `@lp/widget/types`, under its earlier name. */
export type AddToCartDetail = LpAddToCartDetail;

function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(b);
  return keys.every((key) => a[key] === b[key]);
}

/** `<lp-plate-generator>`: loads the product, shares the page's cart, fires the element's events. */
export function PlateGenerator(props: PlateGeneratorProps) {
  const { emit } = props;
  const sdk = elementSdk(props);
  const shopUrl = props.shopUrl ?? getDefaults().shopUrl ?? '';
  const [error, setError] = useState<WidgetErrorDetail | null>(null);
  const [added, setAdded] = useState(false);
  const [adding, setAdding] = useState(false);

  const report = (detail: WidgetErrorDetail) => {
    setError(detail);
    emit('lp-error', detail);
  };
  const alias = props.product ?? DEFAULT_PRODUCT_ALIAS;
  const productState = useProduct(sdk, alias, (failure) => report(widgetError('product', failure)));
  // A single-page app points the same element at another product, shop or dealer: the previous one's message
  // goes (the new product's load reports its own failure).
  useEffect(() => setError(null), [sdk, alias]);
  const cart = useCartState(sdk);
  const [plates, retryPlates] = usePlates((failure) => report(widgetError('product', failure)));
  const productFailed = productState.status === 'failed';

  const url =
    props.readUrl !== null && typeof location !== 'undefined'
      ? readUrlConfiguration(location.search)
      : { kennzeichen: null, art: null, groesse: null };
  const initial = {
    text: props.kennzeichen ?? url.kennzeichen,
    kind: parseKind(props.type ?? props.art ?? url.art),
    size: parseSize(props.size ?? props.groesse ?? url.groesse),
  };

  const add = async (body: AddCartItemBody, configuration: ConfigurationDetail) => {
    setAdding(true);
    setAdded(false);
    setError(null);
    try {
      const result = await sdk.cartStore.getState().add(body);
      const attributes = body.addData[0]?.info.Attributes ?? {};
      const line =
        result.items?.find(
          (item) =>
            item.productUniqueId === body.productUniqueId &&
            item.addData.some((entry) => sameAttributes(entry.info.Attributes, attributes)),
        ) ?? null;
      const count = sdk.cartStore.getState().count;
      setAdded(true);
      emit('lp-add-to-cart', {
        line,
        count,
        cartGuid: result.cartGuid,
        configuration,
      } satisfies AddToCartDetail);
    } catch (failure) {
      report(widgetError('add', failure));
    } finally {
      setAdding(false);
    }
  };

  return (
    <div class="root" part="root" lang="de">
      {/* The form renders at once; the plate rules (lp-plates.js) fill in pictures and checks when they arrive. */}
      <GeneratorForm
        plates={plates}
        host={props.host}
        product={productState.product}
        initial={initial}
        adding={adding}
        // After a failed load (the product or the plate rules) the button stays usable: pressing it loads what
        // failed again.
        onRetry={
          productFailed || retryPlates
            ? () => {
                setError(null);
                if (productFailed) productState.retry();
                retryPlates?.();
              }
            : undefined
        }
        onAdd={add}
        onChange={(detail) => emit('lp-change', detail)}
      >
        <CartStatus
          added={added}
          count={cart.count}
          cartUrl={cart.cartGuid ? handoffUrl(shopUrl, cart.cartGuid) : null}
        />
        <div class="status" role="alert">
          {error ? (
            <p class="alert" part="error-message">
              {error.message}
            </p>
          ) : null}
        </div>
      </GeneratorForm>
    </div>
  );
}
