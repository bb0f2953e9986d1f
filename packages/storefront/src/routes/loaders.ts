/// <reference types="vite/client" />
// (Declared here too because server code elsewhere type-checks this file through the route heads' data types:
// `import.meta.env.SSR` below is Vite's build constant.)
import { isLpError } from '@lp/sdk';
import type { Article, ArticleSummary, Category, Discount, Product } from '@lp/sdk/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import type { PublicConfig } from '../config';
import {
  PRINTED_HOLDERS,
  findCategory,
  flattenTree,
  ownPagePath,
  productsInCategory,
} from '../data/categoryTree';
import { type CardProduct, cardProduct } from '../data/cardProduct';
import type { LayoutData, ShopData } from '../data/shopData';
import { upsellProducts } from '../data/upsell';
import { configuredByGenerator } from '../features/product/configuredByGenerator';
import { hasConfigurator } from '../features/product/hasConfigurator';
import { type InlinePicture, inlinePicture } from '../features/product/inlinePicture';
import { searchLoader } from '../features/search/searchLoader';
import { enforceRouteGuard } from './routeGuard';
import { serverPages } from './serverPages';

/** The product the widget's plate generator shows by default (packages/widget DEFAULT_PRODUCT_ALIAS). */
export const GENERATOR_PRODUCT_ALIAS = 'kfz-kennzeichen';

export interface LoaderDeps {
  data: ShopData;
  config: PublicConfig;
}

/** An API 404 (unknown alias) becomes the not-found page (spec 2: anything else goes to /404). */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isLpError(error) && (error.status === 404 || error.status === 400)) throw redirect('/404');
    throw error;
  }
}

export interface RootData extends LayoutData {
  /** spec 2: routes temporarily disabled; the layout shows 'Bitte warten!'. */
  disabled: boolean;
  mainProducts: { UniqueId: string; Name: string; Alias: string }[];
  /**
   * Art. 246a § 1 (1) no. 7 EGBGB: the delivery time the shop states ('1–3 Werktage'), that of its first shipping
   * method (the one the cart charges, spec 4); null when none. Product pages show it under the price.
   */
  deliveryTime: string | null;
}

export interface HomeData {
  rootPrice: number;
  freeShippingFrom: number;
  /** The cards' part of the products (data/cardProduct.ts), as every listing's. */
  products: CardProduct[];
}
/** Products per listing page (`?seite=2`): a category of hundreds is shown, and crawled, page by page. */
export const LISTING_PAGE_SIZE = 48;

/** One page of a listing: its products (`page` of `pages`, LISTING_PAGE_SIZE each) and `total` in the listing. */
export interface ListingPage {
  products: CardProduct[];
  total: number;
  page: number;
  pages: number;
  /** The order the shopper chose (`?sortierung=…`); none: the catalogue's own order ("Empfehlung"). */
  sort?: ListingSort;
}

/** Names compare as a German reader sorts them: ä beside a, any letter case, "2" before "10". */
let germanNames: Intl.Collator | undefined;

/**
 * The orders a listing can be shown in (`?sortierung=…`, features/catalogue/SortForm.tsx names them); by the price
 * the card shows (the product's gross price) or its name. Equal keys keep the catalogue's order (a stable sort).
 */
export const LISTING_SORTS = {
  'preis-aufsteigend': (a: Product, b: Product) => a.Price - b.Price,
  'preis-absteigend': (a: Product, b: Product) => b.Price - a.Price,
  'name-aufsteigend': (a: Product, b: Product) => {
    germanNames ??= new Intl.Collator('de', { sensitivity: 'accent', numeric: true });
    return germanNames.compare(a.Name, b.Name);
  },
};
export type ListingSort = keyof typeof LISTING_SORTS;

/**
 * The page `?seite=N` of a listing in the order `?sortierung=…` asks, one spelling per page: page 1 has no `seite`,
 * and a page past the last or no page number at all goes to the first; an unknown order (and "empfehlung", the
 * catalogue's own) goes to the address without it. Sorted before paged: page 2 continues page 1's order.
 */
function pageOf(catalogueOrder: Product[], request: Request): ListingPage {
  const url = new URL(request.url);
  const sortAsked = url.searchParams.getAll('sortierung');
  const sort = sortAsked.find((key): key is ListingSort => Object.hasOwn(LISTING_SORTS, key));
  if (sortAsked.length > 0 && (!sort || sortAsked.length > 1)) {
    url.searchParams.delete('sortierung');
    throw redirect(`${url.pathname}${url.search}`);
  }
  const listed = sort ? [...catalogueOrder].sort(LISTING_SORTS[sort]) : catalogueOrder;
  const pages = Math.max(1, Math.ceil(listed.length / LISTING_PAGE_SIZE));
  const asked = url.searchParams.get('seite');
  const number = Number(asked ?? 1);
  const page = Number.isInteger(number) && number >= 1 && number <= pages ? number : 1;
  if (asked !== null && (page === 1 || asked !== String(page))) {
    // Only the page number changes: a link's other parameters (a campaign's utm_source) stay.
    if (page === 1) url.searchParams.delete('seite');
    else url.searchParams.set('seite', String(page));
    throw redirect(`${url.pathname}${url.search}`);
  }
  const products = listed.slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE).map(cardProduct);
  return { products, total: listed.length, page, pages, ...(sort ? { sort } : {}) };
}

export interface CategoryData extends ListingPage {
  category: Category;
  tree: Category[];
  /** The spec-2 page that lists the same products (categoryTree.ts ownPagePath): the canonical. */
  path?: string;
}
/** Products the catalogue overview shows of each top category (the category page has the rest). */
export const CATALOG_GROUP_SIZE = 8;

export interface CatalogData {
  groups: { category: Category; products: CardProduct[]; total: number }[];
}
export interface ProductData {
  product: Product;
  upsell: CardProduct[];
  /** Issue 13: the product's quantity discounts (tier table, price at the chosen quantity). */
  discounts: Discount[];
  /** Server render only: the first picture carried in the page (features/product/inlinePicture.ts). */
  picture?: InlinePicture;
}
export interface ArticleData {
  article: Article;
}
export interface BlogData {
  posts: ArticleSummary[];
}
export interface ListData extends ListingPage {
  title: string;
  intro: string;
  kinds?: Category[];
  /** The page's canonical path (without `?seite`); its URL may spell it otherwise (/kennzeichen/auto). */
  path: string;
}

/** Loaders of every route; thin: read through the shop data (SDK) and shape for the page. */
export function createLoaders({ data, config }: LoaderDeps) {
  const main = config.mainCategoryId;
  const fromServer = serverPages(data);
  const productLoader =
    (alias: string) =>
    async (args?: LoaderFunctionArgs): Promise<ProductData> => {
      const served = await fromServer<ProductData>(args?.request);
      if (served) return served;
      // The product comes from the catalogue list (same documents, already loaded for the upsell list). An official
      // plate's page embeds the generator, which loads its product by alias through the shared SDK: asked during SSR,
      // that answer travels in the transfer state, and the browser's loader leaves the one-shot entry to the widget.
      const products = await data.products();
      const listed = products.find((p) => p.Alias.toLowerCase() === alias.toLowerCase());
      if (import.meta.env.SSR && listed && configuredByGenerator(listed))
        await data.product(listed.Alias).catch(() => undefined);
      const product = listed ?? (await orNotFound(data.product(alias)));
      const upsell = upsellProducts(products, {
        currentUniqueId: product.UniqueId,
        mainCategoryId: main,
        sortOrder: config.upsellOrder,
        limit: 8,
      }).map(cardProduct);
      const discounts = await data.discounts(product.UniqueId);
      const picture = import.meta.env.SSR ? inlinePicture(product) : undefined;
      return { product, upsell, discounts, ...(picture ? { picture } : {}) };
    };
  return {
    async root({ request }: LoaderFunctionArgs): Promise<RootData> {
      const { disabled } = enforceRouteGuard(config, new URL(request.url).pathname);
      // The layout has read the shipping methods (free-shipping minimum): the same answer, no second request.
      const [layout, methods] = await Promise.all([data.layout(), data.shippingMethods()]);
      const mainEntry = layout.menu.find((entry) => entry.CategoryId === main);
      return {
        ...layout,
        // Only the main category's products are shown in the menus (spec 2); the others' lists would make every
        // page carry the whole catalogue's names (580 KB at 5,000 products).
        menu: layout.menu.map((entry) => (entry === mainEntry ? entry : { ...entry, Products: [] })),
        disabled,
        mainProducts: mainEntry?.Products ?? [],
        deliveryTime: methods[0]?.deliveryTime ?? null,
      };
    },
    async home(args?: LoaderFunctionArgs): Promise<HomeData> {
      const served = await fromServer<HomeData>(args?.request);
      if (served) return served;
      // The plate generator on the home page loads this product through the shared SDK; asked during SSR, its
      // answer travels in the transfer state and the widget needs no request. Not asked in the browser, so the
      // one-shot transfer entry stays for the widget.
      if (import.meta.env.SSR) await data.product(GENERATOR_PRODUCT_ALIAS).catch(() => undefined);
      const [products, rootPrice, freeShippingFrom, tree] = await Promise.all([
        data.products(),
        data.rootPrice(),
        data.freeShippingFrom(),
        data.tree(),
      ]);
      return {
        rootPrice,
        freeShippingFrom,
        products: productsInCategory(products, tree, main).slice(0, 8).map(cardProduct),
      };
    },
    async category({ params, request }: LoaderFunctionArgs): Promise<CategoryData> {
      const served = await fromServer<CategoryData>(request);
      if (served) return served;
      const [tree, products] = await Promise.all([data.tree(), data.products()]);
      const category = findCategory(tree, params.idOrName ?? '');
      if (!category) throw redirect('/404');
      const path = ownPagePath(tree, category, main);
      return {
        category,
        tree,
        ...pageOf(productsInCategory(products, tree, category.UniqueId), request),
        ...(path ? { path } : {}),
      };
    },
    async catalog(args?: LoaderFunctionArgs): Promise<CatalogData> {
      const served = await fromServer<CatalogData>(args?.request);
      if (served) return served;
      const [tree, products] = await Promise.all([data.tree(), data.products()]);
      // An overview: the first products of each top category and their number; the category's pages list them all.
      return {
        groups: tree
          .map((category) => {
            const listed = productsInCategory(products, tree, category.UniqueId);
            const shown = listed.slice(0, CATALOG_GROUP_SIZE).map(cardProduct);
            return { category, products: shown, total: listed.length };
          })
          .filter((group) => group.total > 0),
      };
    },
    async shop({ params, request }: LoaderFunctionArgs): Promise<ListData> {
      const alias = (params.alias ?? '').toLowerCase();
      // One company per shop (spec 1): other aliases have no shop here.
      if (alias !== data.company.Alias.toLowerCase()) throw redirect('/404');
      const served = await fromServer<ListData>(request);
      if (served) return served;
      const products = await data.products();
      return {
        title: data.company.Name,
        intro: 'Alle Produkte unseres Shops auf einen Blick.',
        ...pageOf(products, request),
        path: `/shops/${encodeURIComponent(alias)}`,
      };
    },
    async plates({ params, request }: LoaderFunctionArgs): Promise<ListData> {
      const served = await fromServer<ListData>(request);
      if (served) return served;
      const [tree, products] = await Promise.all([data.tree(), data.products()]);
      const root = flattenTree(tree).find((node) => node.UniqueId === main);
      const kinds = root?.Children ?? [];
      let target = root;
      if (params.kind) {
        const key = params.kind.toLowerCase();
        target = kinds.find((kind) => kind.Alias === key || kind.Alias.startsWith(key));
        if (!target) throw redirect('/404');
      }
      return {
        title: target?.Name ?? 'Kennzeichen',
        intro: 'Zertifizierte Kennzeichen in allen Größen – bundesweit zugelassen.',
        ...pageOf(productsInCategory(products, tree, target?.UniqueId ?? main), request),
        kinds,
        path: params.kind && target ? `/kennzeichen/${encodeURIComponent(target.Alias)}` : '/kennzeichen',
      };
    },
    product: productLoader,
    productByParam: (args: LoaderFunctionArgs) => productLoader(args.params.alias ?? '')(args),
    /** spec 2: a product without a configurator has no such page (anything else goes to /404). */
    async configurator(args: LoaderFunctionArgs): Promise<ProductData> {
      const served = await fromServer<ProductData>(args.request);
      if (served) return served;
      const page = await productLoader(args.params.alias ?? '')();
      if (!hasConfigurator(page.product)) throw redirect('/404');
      return page;
    },
    async printing({ request }: LoaderFunctionArgs): Promise<ListData> {
      const served = await fromServer<ListData>(request);
      if (served) return served;
      const [tree, products] = await Promise.all([data.tree(), data.products()]);
      const printable = flattenTree(tree).find((node) => node.Alias.startsWith(PRINTED_HOLDERS));
      const holders = flattenTree(tree).find((node) => node.Alias === 'kennzeichenhalter');
      const id = printable?.UniqueId ?? holders?.UniqueId;
      return {
        title: 'Kennzeichenhalter bedrucken',
        intro: 'Ihr Logo auf dem Kennzeichenhalter – für Autohäuser, Händler und Unternehmen.',
        ...pageOf(id === undefined ? [] : productsInCategory(products, tree, id), request),
        path: '/kennzeichenhalter-bedrucken',
      };
    },
    article: (alias: string) => async (): Promise<ArticleData> => ({
      article: await orNotFound(data.article(alias)),
    }),
    async articleByParam({ params }: LoaderFunctionArgs): Promise<ArticleData> {
      return { article: await orNotFound(data.article(params.alias ?? '')) };
    },
    async blog(): Promise<BlogData> {
      const articles = await data.articles();
      return { posts: articles.filter((article) => article.Kind === 'blog') };
    },
    /** Session 18: the shop's search (/suche), features/search/searchLoader.ts. */
    search: searchLoader(data),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
