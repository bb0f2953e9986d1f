import type { Params } from 'react-router-dom';
import type { PageMeta, RouteHandle } from '../routes/routeHandle';
import { SHOP_NAME } from '../routes/routeHandle';
import { serializeJsonForScript } from '../app/bootData';
import { productHead } from './productHead';
import { ROUTE_HEADS, SHARED_HEADS } from './routeHeads';

/** The head of one page as data; rendered to HTML on the server and applied to `document.head` in the browser. */
export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** spec 2: a URL with a query string gets a no-follow marker. */
  nofollow: boolean;
  /** The page stays out of search engines' indexes (search results, session 18). */
  noindex?: boolean;
  jsonLd: Record<string, unknown>[];
  /** The page's Open Graph type (link previews) on pages shoppers share (routeHeads.ts SHARED_HEADS); else none. */
  openGraph?: 'website' | 'product';
  /** Issue 13: the page's picture for link previews (Open Graph), an absolute URL with its size and alt text. */
  image?: HeadImage;
  /** The picture that is the page's largest paint (product gallery), preloaded with the head. */
  preloadImage?: string;
}

export interface HeadImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type: string;
}

export interface HeadMatch {
  handle?: unknown;
  data?: unknown;
  params: Params;
}

const DEFAULT_DESCRIPTION =
  'Kennzeichen, Kennzeichenhalter und Funschilder online bestellen – bundesweit zertifiziert, Versand am selben Tag.';

/**
 * The one spelling of a path search engines should index: routes match in any letter case and with a trailing
 * slash (`/Impressum/` shows /impressum), and every path of the route table is lower case.
 */
const canonicalPath = (pathname: string) =>
  pathname
    .replace(/\/+$/, '')
    .replace(/%[\da-f]{2}|[^%]+/gi, (part) => (part[0] === '%' ? part : part.toLowerCase())) || '/';

/**
 * spec 2: title and description come from the deepest matching route with head data; one canonical link per URL
 * (origin and the page's one path, no query unless the page names one); no-follow when the URL has a query string
 * the page does not name.
 *
 * @example
 * computeHead(matches, new URL('https://shop.example/agb?x=1')).nofollow; // true
 */
export function computeHead(matches: readonly HeadMatch[], url: URL, origin = url.origin): PageHead {
  let title = SHOP_NAME;
  let description = DEFAULT_DESCRIPTION;
  let jsonLd: Record<string, unknown>[] = [];
  let openGraph: PageHead['openGraph'];
  let image: HeadImage | undefined;
  let preloadImage: string | undefined;
  let path = canonicalPath(url.pathname);
  let noindex = false;
  let follow = false;
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.handle as RouteHandle | undefined;
    if (!match || !handle?.head) continue;
    try {
      const given: PageMeta = ROUTE_HEADS[handle.head](match.data, match.params, origin);
      const meta = given.product ? { ...given, ...productHead(given.product, origin) } : given;
      // spec 2: /number-banner is titled exactly 'Configurator'.
      title =
        handle.hideTemplate || meta.title.includes(SHOP_NAME) ? meta.title : `${meta.title} | ${SHOP_NAME}`;
      description = meta.description || description;
      jsonLd = meta.jsonLd ?? [];
      if (SHARED_HEADS.has(handle.head)) openGraph = given.product ? 'product' : 'website';
      image = meta.image;
      preloadImage = meta.preloadImage;
      path = meta.path ?? path;
      noindex = meta.noindex === true;
      follow = meta.follow === true;
    } catch {
      // no data (error page): keep the defaults
    }
    break;
  }
  return {
    title,
    description,
    canonical: `${origin}${path}`,
    // A page whose own address has a query (a category's `?seite=2`) is followed, and so is a sorted listing; other
    // queries are not.
    nofollow: url.search.length > 1 && !path.includes('?') && !follow,
    ...(noindex ? { noindex } : {}),
    jsonLd,
    ...(openGraph ? { openGraph } : {}),
    ...(image ? { image } : {}),
    ...(preloadImage ? { preloadImage } : {}),
  };
}

/** The robots meta's content: 'noindex', 'nofollow', both, or none (''). */
const robotsOf = (head: PageHead) =>
  [head.noindex && 'noindex', head.nofollow && 'nofollow'].filter(Boolean).join(', ');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags as HTML for the server's page template. */
export function renderHeadHtml(head: PageHead): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    robotsOf(head) ? `<meta name="robots" content="${robotsOf(head)}">` : '',
    // The page's picture is its largest paint (product gallery): requested with the head, not after the header.
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high">`
      : '',
    ...openGraphTags(head),
    ...head.jsonLd.map(
      (item) => `<script type="application/ld+json" data-lp-head>${serializeJsonForScript(item)}</script>`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Open Graph tags of a page shoppers share (link previews in messengers and social networks), from the same head
 * data as title, description and canonical. A picture only where the page has a raster (products: their drawing as
 * PNG); the shop has none for its other pages, and a preview without one shows title and description.
 */
function openGraphTags(head: PageHead): string[] {
  if (!head.openGraph) return [];
  const tag = (property: string, content: string | number) =>
    `<meta property="${property}" content="${escapeHtml(String(content))}">`;
  const image = head.image;
  return [
    tag('og:type', head.openGraph),
    tag('og:site_name', SHOP_NAME),
    tag('og:locale', 'de_DE'),
    tag('og:title', head.title),
    tag('og:description', head.description),
    tag('og:url', head.canonical),
    ...(image
      ? [
          tag('og:image', image.url),
          tag('og:image:type', image.type),
          tag('og:image:width', image.width),
          tag('og:image:height', image.height),
          tag('og:image:alt', image.alt),
        ]
      : []),
  ];
}

/** Brings `document.head` in line with the page after a client navigation (one canonical, robots on/off, Open Graph). */
export function applyHead(doc: Document, head: PageHead): void {
  doc.title = head.title;
  const ensure = (selector: string, create: () => HTMLElement) => {
    const found = doc.head.querySelectorAll(selector);
    for (const extra of [...found].slice(1)) extra.remove();
    return (found[0] as HTMLElement | undefined) ?? doc.head.appendChild(create());
  };
  const description = ensure('meta[name="description"]', () =>
    Object.assign(doc.createElement('meta'), { name: 'description' }),
  );
  description.setAttribute('content', head.description);
  const canonical = ensure('link[rel="canonical"]', () =>
    Object.assign(doc.createElement('link'), { rel: 'canonical' }),
  );
  canonical.setAttribute('href', head.canonical);
  const robots = doc.head.querySelector('meta[name="robots"]');
  const content = robotsOf(head);
  if (content && robots) robots.setAttribute('content', content);
  else if (content)
    doc.head.appendChild(Object.assign(doc.createElement('meta'), { name: 'robots', content }));
  else robots?.remove();
  // The link-preview tags are the page's too: a product's must not stay behind on the next page (escaped as on the
  // server, see openGraphTags).
  for (const old of doc.head.querySelectorAll('meta[property^="og:"]')) old.remove();
  doc.head.insertAdjacentHTML('beforeend', openGraphTags(head).join(''));
  for (const old of doc.head.querySelectorAll('script[data-lp-head]')) old.remove();
  for (const item of head.jsonLd) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.lpHead = '';
    script.textContent = JSON.stringify(item);
    doc.head.appendChild(script);
  }
}
