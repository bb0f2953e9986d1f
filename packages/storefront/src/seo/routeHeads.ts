import { ATTR } from '@lp/sdk/contract';
import type { Params } from 'react-router-dom';
import type {
  ArticleData,
  CatalogData,
  CategoryData,
  HomeData,
  ListData,
  ListingPage,
  ProductData,
} from '../routes/loaders';
import type { SearchData } from '../features/search/searchLoader';
import { searchHeading } from '../features/search/searchHeading';
import type { PageMeta } from '../routes/routeHandle';
import type { ThankYouData } from '../routes/thankYouLoader';

/** Builds a page's head from its route's loader data. */
export type HeadBuilder = (data: unknown, params: Params, origin: string) => PageMeta;

const meta =
  <T>(build: (data: T) => PageMeta): HeadBuilder =>
  (data) =>
    build(data as T);
const fixed =
  (title: string): HeadBuilder =>
  () => ({ title });

/** A listing's title and canonical path on its page (routes/loaders.ts pageOf): page 1 has no page part. */
const paged = (title: string, d: ListingPage) =>
  d.page > 1 ? `${title} – Seite ${d.page} von ${d.pages}` : title;
const pagePath = (path: string, d: ListingPage) => (d.page > 1 ? `${path}?seite=${d.page}` : path);
/** A sorted listing (`?sortierung=…`) is the same page in another order: out of the index, its links followed. */
const sorted = (d: ListingPage) => (d.sort ? { noindex: true, follow: true } : {});

/**
 * The head of every route (spec 2), by the name its route's handle gives (`handle.head`, routes/createRoutes.tsx).
 * Kept with the head code, not in the route table: the server renders the first page's head, and the browser's head
 * code (with these titles and descriptions) loads after hydration, outside every route's initial script.
 */
export const ROUTE_HEADS = {
  home: meta<HomeData>((d) => ({
    title: 'Kennzeichen online bestellen',
    description: `Zertifizierte Autokennzeichen ab ${d.rootPrice.toFixed(2).replace('.', ',')} € – Versand am selben Tag bei Bestellung vor 14:00 Uhr.`,
  })),
  numberBanner: fixed('Configurator'),
  // Each page of a long listing is a page of its own for a search engine (title, canonical with `?seite=N`).
  category: meta<CategoryData>((d) => ({
    title: paged(d.category.Name, d),
    description: `${d.category.Name} online kaufen.`,
    path: pagePath(d.path ?? `/kategorie/${encodeURIComponent(d.category.Alias)}`, d),
    ...sorted(d),
  })),
  catalog: meta<CatalogData>((d) => ({
    title: 'Katalog',
    description: `Alle Produkte: ${d.groups.map((g) => g.category.Name).join(', ')}.`,
  })),
  list: meta<ListData>((d) => ({
    title: paged(d.title, d),
    description: d.intro,
    path: pagePath(d.path, d),
    ...sorted(d),
  })),
  // Metadata attributes first, then name and title; the JSON-LD and the picture are added by seo/productHead.ts.
  product: meta<ProductData>(({ product, picture }) => ({
    title: product.Attributes?.[ATTR.metadataProduct] || product.Title || product.Name,
    description: product.Attributes?.[ATTR.metadataDescription] || product.Title,
    path: `/${encodeURIComponent(product.Alias)}`,
    product: { product, pictureInPage: Boolean(picture) },
  })),
  configurator: meta<ProductData>((d) => ({
    title: `${d.product.Name} gestalten`,
    description: d.product.Title,
    path: `/${encodeURIComponent(d.product.Alias)}/configurator`,
  })),
  blog: () => ({ title: 'Blog', description: 'Ratgeber rund um Kennzeichen.' }),
  article: meta<ArticleData>(({ article }) => ({ title: article.Title, description: article.Excerpt })),
  cart: fixed('Warenkorb'),
  checkout: fixed('Kasse'),
  wishlist: fixed('Merkzettel'),
  login: fixed('Anmelden'),
  password: fixed('Passwort zurücksetzen'),
  register: fixed('Registrieren'),
  confirmEmail: fixed('E-Mail-Adresse bestätigen'),
  account: fixed('Mein Konto'),
  // Session 21: the heading of pages/ThankYouPage.tsx, which says where the order is once a parcel has left.
  thankYou: meta<ThankYouData>(({ order }) => ({
    title: order.shipment
      ? 'Ihre Bestellung wurde versandt'
      : order.parcels?.length
        ? 'Ihre Bestellung wurde teilweise versandt'
        : 'Vielen Dank für Ihre Bestellung',
  })),
  waitForConfirmation: fixed('Bestellung wird bestätigt'),
  cancelOrder: fixed('Bestellung abgebrochen'),
  notFound: fixed('Seite nicht gefunden'),
  withdrawal: () => ({ title: 'Vertrag widerrufen', description: 'Ihren Kauf online widerrufen.' }),
  // Session 18: a shopper's query is no page for a search engine (noindex); its canonical is the bare search path.
  search: meta<SearchData>((d) => ({
    title: paged(searchHeading(d), d),
    description: 'Produkte im Shop suchen.',
    path: '/suche',
    noindex: true,
  })),
} satisfies Record<string, HeadBuilder>;

export type HeadName = keyof typeof ROUTE_HEADS;

/**
 * The pages a search engine indexes and shoppers share: their heads carry Open Graph tags (link previews in
 * messengers and social networks). Not the shopper's own pages (cart, checkout, account, orders; robots.txt keeps
 * them out too), the framed banner or the not-found page.
 */
export const SHARED_HEADS: ReadonlySet<HeadName> = new Set<HeadName>([
  'home',
  'category',
  'catalog',
  'list',
  'product',
  'configurator',
  'blog',
  'article',
  'withdrawal',
]);
