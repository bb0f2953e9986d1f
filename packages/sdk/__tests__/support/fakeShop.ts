import type { Cart, CartItem, ShippingMethod, ShippingRateResult } from '../../src/contract/entities';
import type { AddCartItemBody } from '../../src/contract/payloads';
import { type FakeCall, fakeFetch, json } from './fakeFetch';

const PRICES: Record<string, number> = { 'FKZ-001': 14.9, 'KZH-001': 9.95, 'PS-001': 19.99 };

export const METHODS: ShippingMethod[] = [
  {
    id: 1,
    name: 'DHL',
    shippingRates: [
      { rate: 4.9, minOrderAmount: 0 },
      { rate: 0, minOrderAmount: 50 },
    ],
  },
];

/**
 * A tiny in-memory cart server behind a fake fetch, for store tests that need failure injection and timing
 * control (the contract tests use the real API). `delay` lets answers arrive out of order.
 */
export function fakeShop(options: { delay?: (call: FakeCall) => number } = {}) {
  const carts = new Map<string, Cart>();
  let guids = 0;
  let lines = 0;
  let fail: ((call: FakeCall) => Response | undefined) | undefined;
  const { fetch, calls } = fakeFetch(async (call) => {
    const wait = options.delay?.(call) ?? 0;
    if (wait) await new Promise((r) => setTimeout(r, wait));
    const injected = fail?.(call);
    if (injected) return injected;
    const url = new URL(call.url);
    const path = url.pathname.toLowerCase();
    const body = typeof call.body === 'string' ? JSON.parse(call.body) : undefined;
    const guid = call.headers.CartGuid;
    const cart = guid ? carts.get(guid) : undefined;
    if (path.endsWith('/getcart'))
      return cart ? json(cart) : json({ status: 400, message: 'Kein Warenkorb' }, 400);
    if (path.endsWith('/addcartitem')) {
      const add = body as AddCartItemBody;
      const target = cart ?? newCart();
      const item: CartItem = {
        itemInternalId: `line-${++lines}`,
        productUniqueId: add.productUniqueId,
        price: PRICES[add.productUniqueId] ?? 1,
        description: add.productUniqueId,
        currency: 'EUR',
        quantity: add.quantity,
        // Like the API, the line names itself (clients may leave Alias and Title out of the request).
        addData: add.addData.map(({ count, info }) => ({
          count,
          info: { Alias: info.Alias ?? '', Title: info.Title ?? '', Attributes: info.Attributes },
        })),
      };
      target.items = [...(target.items ?? []), item];
      return json(total(target));
    }
    if (!cart) return json({ status: 400, message: 'Kein Warenkorb' }, 400);
    if (path.endsWith('/updatecartitem')) {
      const item = cart.items?.find((i) => i.itemInternalId === body.itemInternalId);
      if (!item) return json({ status: 404, message: 'Position nicht gefunden' }, 404);
      item.quantity = body.quantity;
      item.addData = item.addData.map((d) => ({ ...d, count: body.quantity }));
      return json(total(cart));
    }
    if (path.endsWith('/removecartitem')) {
      cart.items = (cart.items ?? []).filter((i) => i.itemInternalId !== body.itemInternalId);
      return json(total(cart));
    }
    if (path.endsWith('/startcheckout') || path.endsWith('/stopcheckout'))
      return new Response(null, { status: 204 });
    return json({ status: 404, message: 'unknown' }, 404);
  });

  function newCart(): Cart {
    const cart: Cart = {
      id: ++guids,
      userId: null,
      cartGuid: `guid-${guids}`,
      deliveryPrice: 0,
      totalAmount: 0,
      items: [],
    };
    carts.set(cart.cartGuid!, cart);
    return cart;
  }
  function total(cart: Cart): Cart {
    cart.totalAmount =
      Math.round((cart.items ?? []).reduce((s, i) => s + i.price * i.quantity, 0) * 100) / 100;
    cart.deliveryPrice = cart.totalAmount >= 50 ? 0 : 4.9;
    return structuredClone(cart);
  }
  const shipping = {
    calls: [] as number[],
    async rates(_companyId: number, totalAmount: number): Promise<ShippingRateResult[]> {
      shipping.calls.push(totalAmount);
      return [{ methodId: 1, name: 'DHL', shippingCost: totalAmount >= 50 ? 0 : 4.9 }];
    },
    async activeMethods(): Promise<ShippingMethod[]> {
      return METHODS;
    },
  };
  return {
    fetch,
    calls,
    carts,
    shipping,
    failWith(next: typeof fail) {
      fail = next;
    },
  };
}

/** An add body whose single addData entry counts `quantity` (shared decision). */
export const addBody = (productUniqueId: string, quantity = 1, text = 'B-AB 123'): AddCartItemBody => ({
  productUniqueId,
  quantity,
  addData: [
    {
      count: quantity,
      info: { Alias: productUniqueId, Title: productUniqueId, Attributes: { Kennzeichen: text } },
    },
  ],
});
