import type { SdkCore } from '@lp/sdk/compose';
import type { Category, Discount, MenuEntry, Product, ProductsPage, ShippingMethod } from '@lp/sdk/contract';

/**
 * The SDK parts the storefront reads catalogue and content through. A structural slice of `createSdkCore()`'s
 * result, so data code and its tests depend only on what they call. Articles and orders are read through services
 * made from its client on first use (src/sdk/contentOf.ts, ordersOf.ts).
 */
export interface ShopApi extends Pick<SdkCore, 'client' | 'appState'> {
  catalogue: {
    menu(companyId: number): Promise<MenuEntry[]>;
    products(companyId: number): Promise<ProductsPage<Product> | Product[]>;
    productByAlias(companyId: number, alias: string): Promise<Product>;
    categoryTree(companyAlias: string): Promise<Category[]>;
    /** Issue 13: quantity discounts of a product key (the SDK caches them per key, spec 7). */
    discounts?(productKey: string, companyId: number): Promise<Discount[]>;
  };
  shipping: {
    activeMethods(companyId: number): Promise<ShippingMethod[]>;
  };
}
