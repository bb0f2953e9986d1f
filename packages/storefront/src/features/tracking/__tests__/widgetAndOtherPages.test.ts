import { createSdk } from '@lp/sdk';
import type { Cart, CartItem } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { OTHER_PAGES_EVENT, createOtherPagesTag, isOtherPage } from '../otherPagesTag';
import { createShopTracker } from '../shopTracker';
import { itemFromWidgetDetail, listenWidgetAddToCart } from '../widgetAddToCart';

const line = (productUniqueId: string, quantity = 1): CartItem => ({
  itemInternalId: `i-${productUniqueId}`,
  productUniqueId,
  price: 24.9,
  description: 'Kennzeichen Auto',
  currency: 'EUR',
  quantity,
  addData: [],
});

function setup() {
  const layer: unknown[] = [];
  const sdk = createSdk({
    baseUrl: 'http://shop.test',
    storage: null,
    dataLayer: layer,
    consent: { marketing: true },
  });
  return { layer, tracker: createShopTracker(sdk, 'lp-de') };
}

describe('widget add_to_cart (lp-add-to-cart bubbling to the document)', () => {
  it('tracks the generator line and the print editor product', () => {
    const { layer, tracker } = setup();
    const stop = listenWidgetAddToCart(document, tracker);
    const host = document.createElement('div');
    document.body.append(host);
    host.dispatchEvent(
      new CustomEvent('lp-add-to-cart', { bubbles: true, detail: { line: line('KFZ-1', 2), count: 2 } }),
    );
    const cart = { items: [line('KZH-030', 3)] } as Cart;
    host.dispatchEvent(
      new CustomEvent('lp-add-to-cart', { bubbles: true, detail: { productUniqueId: 'KZH-030', cart } }),
    );
    stop();
    host.dispatchEvent(new CustomEvent('lp-add-to-cart', { bubbles: true, detail: { line: line('KFZ-1') } }));
    host.remove();
    const pushes = layer.filter((entry) => (entry as { event?: string }).event === 'add_to_cart');
    expect(pushes).toHaveLength(2);
    expect(pushes[0]).toMatchObject({
      ecommerce: { items: [{ item_id: 'KFZ-1', quantity: 2, item_brand: 'lp-de' }] },
    });
    expect(pushes[1]).toMatchObject({ ecommerce: { items: [{ item_id: 'KZH-030', quantity: 1 }] } });
  });

  it('ignores details that name no line', () => {
    const { tracker } = setup();
    for (const detail of [null, 'x', 42, {}, { line: null }, { productUniqueId: 'A', cart: { items: null } }])
      expect(itemFromWidgetDetail(detail, tracker)).toBeNull();
  });
});

describe("tag-manager setup for 'other pages' (spec 2)", () => {
  it('information pages and /ooono are other pages; shop pages are not', () => {
    for (const path of [
      '/impressum',
      '/datenschutz',
      '/agb',
      '/kontakt',
      '/ooono',
      '/OOONO/',
      '/widerrufsrecht',
      '/site/terms',
    ])
      expect(isOtherPage(path)).toBe(true);
    for (const path of ['/', '/cart', '/funschild', '/impressum/x', '/kategorie/agb', '/site/not-found', ''])
      expect(isOtherPage(path)).toBe(false);
  });

  it('pushes once per visit, only on an other page', () => {
    const layer: unknown[] = [];
    const setup = createOtherPagesTag(() => ({ push: (entry: unknown) => layer.push(entry) }));
    expect(setup('/cart')).toBe(false);
    expect(setup('/impressum')).toBe(true);
    expect(setup('/ooono')).toBe(false);
    expect(layer).toEqual([OTHER_PAGES_EVENT]);
  });

  it('waits when there is no data layer yet', () => {
    let layer: unknown[] | undefined;
    const setup = createOtherPagesTag(() => (layer ? { push: (e: unknown) => layer?.push(e) } : undefined));
    expect(setup('/agb')).toBe(false);
    layer = [];
    expect(setup('/agb')).toBe(true);
    expect(layer).toHaveLength(1);
  });
});
