import type { LpClient } from '../client/createClient';
import { PRODUCTS_PAGE_SIZE } from '../contract/constants';
import type { Category, Company, Discount, MenuEntry, Product } from '../contract/entities';
import type { ProductsPage } from '../contract/payloads';
import { businessPaths as path } from '../contract/paths';
import { getCall } from './getCall';
import { requireNumber, requireText } from './requireParam';

export type CatalogueService = ReturnType<typeof createCatalogueService>;
export type ProductCalls = ReturnType<typeof createProductCalls>;

/**
 * The catalogue calls a plate configurator needs: the company (spec 7: run at startup), one product by alias and
 * the product list. Part of {@link createCatalogueService}; on their own for the widget's script tag, which
 * composes a slimmer SDK without the menu, category tree and discounts (DESIGN 7: 20 KB).
 *
 * @example
 * const { company, productByAlias } = createProductCalls(client);
 * const product = await productByAlias((await company('lp-de')).UniqueId, 'kfz-kennzeichen');
 */
export function createProductCalls(client: LpClient) {
  return {
    /** spec 9: page 1 of size 1000. @example const { items } = await sdk.catalogue.products(1001); */
    products: getCall<[companyId: number], ProductsPage<Product>>(client, path.products, ['companyId#'], {
      page: 1,
      pageSize: PRODUCTS_PAGE_SIZE,
    }),
    /** spec 7: company id and alias. @example await sdk.catalogue.productByAlias(1001, 'funschild'); */
    productByAlias: getCall<[companyId: number, alias: string], Product>(client, path.productByAlias, [
      'companyId#',
      'alias',
    ]),
    /** spec 7: run at startup; prefer the cached `sdk.getCompany()`. @example await sdk.catalogue.company('lp-de'); */
    company: getCall<[alias: string], Company>(client, path.company, ['alias']),
  };
}

/**
 * Business API calls of spec 7: menu, products, companies, category tree and discounts ({@link createProductCalls}
 * plus the rest).
 *
 * @example
 * const catalogue = createCatalogueService(client);
 * const { items } = await catalogue.products(1001);
 */
export function createCatalogueService(client: LpClient) {
  const discounts = getCall<[productKey: string, companyId: number], Discount[]>(client, path.discounts, [
    'productKey',
    'companyId#',
  ]);
  // spec 7: discounts are cached per key; a failed call is forgotten so the next one asks again.
  const discountCache = new Map<string, Promise<Discount[]>>();
  return {
    ...createProductCalls(client),
    /** Categories with their products for the navigation. @example await sdk.catalogue.menu(1001); */
    menu: getCall<[companyId: number], MenuEntry[]>(client, path.menu, ['companyId#']),
    /** @example await sdk.catalogue.companies(); */
    companies: getCall<[], Company[]>(client, path.companies),
    /** @example await sdk.catalogue.categoryTree('lp-de'); */
    categoryTree: getCall<[companyAlias: string], Category[]>(client, path.categoryTree, ['companyAlias']),
    /** Quantity discounts of a product, cached per product key and company. @example await sdk.catalogue.discounts('FKZ-001', 1001); */
    async discounts(productKey: string, companyId: number): Promise<Discount[]> {
      // The key of the checked values: a plain-JavaScript caller's object without prototype (or a Symbol) has no
      // text, and the template string threw a TypeError before the call's own checks could answer.
      const key = `${requireText('productKey', productKey)}|${requireNumber('companyId', companyId)}`;
      let cached = discountCache.get(key);
      if (!cached) {
        cached = discounts(productKey, companyId);
        discountCache.set(key, cached);
        cached.catch(() => discountCache.delete(key));
      }
      return cached;
    },
  };
}
