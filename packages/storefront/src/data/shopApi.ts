import type {
  Article,
  ArticleSummary,
  Category,
  MenuEntry,
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
  };
  content: {
    articles(companyId: number): Promise<ArticleSummary[]>;
    page(alias: string, companyId: number): Promise<Article>;
  };
  shipping: {
    activeMethods(companyId: number): Promise<ShippingMethod[]>;
  };
}
