import type { Product } from '@lp/sdk/contract';
import type { ShopContextValue } from '../../app/ShopContext';
import { toastStore } from '../../chrome/toastStore';
import { trackItem } from '../../data/trackItem';
import { fontColourValues, productWithVariant } from '../../data/variants';
import { CART_ERROR_TEXT } from '../product/cartErrorText';
import { addToCartBody } from '../product/addToCartBody';
import { clampToMinimum } from '../product/quantity';

/**
 * A card's "In den Warenkorb" (issue 13): the only variant and colour at the minimum quantity (spec 5), no price;
 * the same toast and tracking as the product page.
 */
export async function addFromCard(shop: Pick<ShopContextValue, 'sdk' | 'reporter'>, product: Product) {
  const variant = product.Variants?.[0] ?? null;
  const colour = fontColourValues(product)[0];
  const quantity = clampToMinimum(product.MinQuantity, product.MinQuantity);
  const body = addToCartBody({
    product,
    variant,
    displayed: productWithVariant(product, variant),
    quantity,
    ...(colour ? { colour } : {}),
  });
  try {
    await shop.sdk.cartStore.getState().add(body);
    shop.sdk.tracker.track('add_to_cart', { items: [trackItem(product, quantity)] });
    toastStore.getState().show('Der Artikel wurde in den Warenkorb gelegt.', { kind: 'success' });
  } catch (error) {
    shop.reporter.report(error, 'ProductCard');
    toastStore.getState().show(CART_ERROR_TEXT, { kind: 'error', cause: error });
  }
}
