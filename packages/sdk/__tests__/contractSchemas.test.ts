import { fileURLToPath } from 'node:url';
import type { Static } from '@sinclair/typebox';
import { build } from 'esbuild';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AccountService } from '../src/account/accountService';
import type { Cart, Order, Product } from '../src/contract';
import type * as S from '../src/contract/schemas';
import type { CartService } from '../src/services/cartService';
import type { CatalogueService } from '../src/services/catalogueService';
import type { ContentService } from '../src/services/contentService';
import type { CouponService } from '../src/services/couponService';
import type { OrderService } from '../src/services/orderService';
import type { ShippingService } from '../src/services/shippingService';

type Answer<F> = F extends (...args: never[]) => Promise<infer T> ? T : never;
type Body<F> = F extends (body: infer B, ...rest: never[]) => unknown ? B : never;

/**
 * One contract: what the SDK's services send and answer is, type for type, what the API's route schemas validate
 * and serialise (the schemas below are the ones the routes declare). These checks run under `tsc` (typecheck).
 */
describe('the SDK speaks the API route schemas', () => {
  it('cart and order calls', () => {
    expectTypeOf<Answer<CartService['getCart']>>().toEqualTypeOf<Static<typeof S.CartSchema>>();
    expectTypeOf<Answer<CartService['addItem']>>().toEqualTypeOf<Static<typeof S.CartSchema>>();
    expectTypeOf<Body<CartService['addItem']>>().toEqualTypeOf<Static<typeof S.AddCartItemBodySchema>>();
    expectTypeOf<Body<CartService['addShippingAddress']>>().toEqualTypeOf<Static<typeof S.AddressSchema>>();
    expectTypeOf<Body<OrderService['save']>>().toEqualTypeOf<Static<typeof S.SaveOrderBodySchema>>();
    expectTypeOf<Answer<OrderService['save']>>().toEqualTypeOf<Static<typeof S.SaveOrderResponseSchema>>();
    expectTypeOf<Answer<OrderService['confirm']>>().toEqualTypeOf<Static<typeof S.OrderSchema>>();
    expectTypeOf<Answer<OrderService['get']>>().toEqualTypeOf<Static<typeof S.OrderSchema>>();
    expectTypeOf<Body<OrderService['list']>>().toEqualTypeOf<Static<typeof S.OrderListFilterSchema>>();
    expectTypeOf<Answer<OrderService['list']>>().toEqualTypeOf<Static<typeof S.OrderListSchema>>();
    expectTypeOf<Answer<OrderService['paymentTypes']>>().toEqualTypeOf<
      Static<typeof S.PaymentTypeSchema>[]
    >();
    expectTypeOf<Body<OrderService['createPayment']>>().toEqualTypeOf<
      Static<typeof S.CreateOrderPaymentBodySchema>
    >();
    expectTypeOf<Answer<OrderService['createPayment']>>().toEqualTypeOf<
      Static<typeof S.CreateOrderPaymentResponseSchema>
    >();
    expectTypeOf<Answer<OrderService['designs']>>().toEqualTypeOf<Static<typeof S.OrderDesignSchema>[]>();
    expectTypeOf<Body<CouponService['apply']>>().toEqualTypeOf<Static<typeof S.ApplyCouponBodySchema>>();
    expectTypeOf<Answer<CouponService['apply']>>().toEqualTypeOf<Static<typeof S.OrderSchema>>();
    expectTypeOf<Answer<CouponService['validate']>>().toEqualTypeOf<Static<typeof S.CouponSchema>>();
    // Session 26: an order read by its link a day later says its buyer is left out; the buyer's fields stay texts.
    expectTypeOf<Order['personalData']>().toEqualTypeOf<'hidden' | undefined>();
    expectTypeOf<Order['billingPerson']['email']>().toEqualTypeOf<string>();
  });

  it('catalogue, content, shipping and account calls', () => {
    // ProductsPage is generic (a client may narrow the item), so the page is compared both ways.
    expectTypeOf<Answer<CatalogueService['products']>>().toExtend<Static<typeof S.ProductsPageSchema>>();
    expectTypeOf<Static<typeof S.ProductsPageSchema>>().toExtend<Answer<CatalogueService['products']>>();
    expectTypeOf<Answer<CatalogueService['productByAlias']>>().toEqualTypeOf<
      Static<typeof S.ProductSchema>
    >();
    expectTypeOf<Answer<CatalogueService['menu']>>().toEqualTypeOf<Static<typeof S.MenuEntrySchema>[]>();
    expectTypeOf<Answer<CatalogueService['categoryTree']>>().toEqualTypeOf<
      Static<typeof S.CategorySchema>[]
    >();
    expectTypeOf<Answer<CatalogueService['companies']>>().toEqualTypeOf<Static<typeof S.CompanySchema>[]>();
    expectTypeOf<Answer<CatalogueService['discounts']>>().toEqualTypeOf<Static<typeof S.DiscountSchema>[]>();
    expectTypeOf<Answer<ContentService['articles']>>().toEqualTypeOf<
      Static<typeof S.ArticleSummarySchema>[]
    >();
    expectTypeOf<Answer<ContentService['page']>>().toEqualTypeOf<Static<typeof S.ArticleSchema>>();
    expectTypeOf<Answer<ShippingService['activeMethods']>>().toEqualTypeOf<
      Static<typeof S.ShippingMethodSchema>[]
    >();
    expectTypeOf<Answer<ShippingService['rates']>>().toEqualTypeOf<
      Static<typeof S.ShippingRateResultSchema>[]
    >();
    expectTypeOf<Answer<AccountService['login']>>().toEqualTypeOf<Static<typeof S.CustomerSchema>>();
  });

  it('keeps the entity names clients use', () => {
    // A nullable list, a literal currency, an optional variant price: the inferred types keep the contract's shape.
    expectTypeOf<Cart['items']>().extract<null>().toEqualTypeOf<null>();
    expectTypeOf<NonNullable<Cart['items']>[number]['currency']>().toEqualTypeOf<'EUR'>();
    expectTypeOf<Product['Variants'][number]['Price']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Order['coupon']>().extract<null>().toEqualTypeOf<null>();
  });
});

const root = fileURLToPath(new URL('..', import.meta.url));

// DESIGN 7: browser code imports the contract's types only; the schema values (and TypeBox) stay on the server.
describe('browser bundles carry no schema', () => {
  it.each(['src/index.ts', 'src/cart.ts', 'src/catalogue.ts', 'src/account.ts', 'src/contract/index.ts'])(
    '%s bundles neither TypeBox nor the schemas',
    async (entry) => {
      const result = await build({
        absWorkingDir: root,
        entryPoints: [entry],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        conditions: ['source'],
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.filter((file) => file.includes('typebox') || file.includes('contract/schemas'))).toEqual(
        [],
      );
    },
  );
});
