import type {
  Article,
  ArticleSummary,
  Category,
  Discount,
  MenuEntry,
  Order,
  Product,
  ProductsPage,
  ShippingMethod,
} from '@lp/sdk/contract';

/**
 * The SDK services the storefront reads catalogue and content through. A structural slice of `createSdk()`'s
 * result, so data code and its tests depend only on what they call.
 */
export interface ShopApi {
  catalogue: {
    menu(companyId: number): Promise<MenuEntry[]>;
    products(companyId: number): Promise<ProductsPage<Product> | Product[]>;
    productByAlias(companyId: number, alias: string): Promise<Product>;
    categoryTree(companyAlias: string): Promise<Category[]>;
    /** Issue 13: quantity discounts of a product key (the SDK caches them per key, spec 7). */
    discounts?(productKey: string, companyId: number): Promise<Discount[]>;
  };
  content: {
    articles(companyId: number): Promise<ArticleSummary[]>;
    page(alias: string, companyId: number): Promise<Article>;
  };
  shipping: {
    activeMethods(companyId: number): Promise<ShippingMethod[]>;
  };
  orders: {
    get(headerGuid: string): Promise<Order>;
  };
}
