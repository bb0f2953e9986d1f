import type { ArticleSummary, MenuEntry } from '@lp/sdk/contract';
import { INFO_PAGES } from '../routes/infoPages';

/** spec 9: the 'Kennzeichen' dropdown lists at most 8 products, the footer 5. */
export const MENU_MAX_PRODUCTS = 8;
export const FOOTER_MAX_PRODUCTS = 5;

/** spec 2: four social networks (the shop's profiles; placeholders until the shop has its own). */
export const SOCIAL_LINKS = [
  { name: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/' },
] as const;

export const PAYMENT_ICONS = [
  { name: 'paypal', label: 'PayPal' },
  { name: 'visa', label: 'Visa' },
  { name: 'mastercard', label: 'Mastercard' },
  { name: 'amex', label: 'American Express' },
] as const;

export interface NavLink {
  href: string;
  label: string;
}

/** The information links (spec 2) with their article titles; /site/terms carries the 'terms' article. */
export function infoLinks(articles: readonly ArticleSummary[]): NavLink[] {
  const titles = new Map(articles.map((article) => [article.Alias, article.Title]));
  const links: NavLink[] = INFO_PAGES.map((alias) => ({
    href: `/${alias}`,
    label: titles.get(alias) ?? alias,
  }));
  if (titles.has('terms'))
    links.push({ href: '/site/terms', label: titles.get('terms') ?? 'Nutzungsbedingungen' });
  return links;
}

export const categoryHref = (entry: Pick<MenuEntry, 'Alias' | 'CategoryId'>): string =>
  `/kategorie/${encodeURIComponent(entry.Alias || String(entry.CategoryId))}`;

/** spec 2 pages the menu links beside the categories: the B2B printing page and the parking sign. */
export const PRINTING_LINK: NavLink = {
  href: '/kennzeichenhalter-bedrucken',
  label: 'Kennzeichenhalter bedrucken',
};
export const PARKING_LINK: NavLink = { href: '/parkplatzschild', label: 'Parkplatzschild mit Wunschtext' };

/** A menu entry after the main category: a category link, or a small dropdown when the category has pages. */
export interface NavItem extends NavLink {
  key: string;
  /** The dropdown's links (the category's own listing first). */
  links?: NavLink[];
}

/**
 * The menu's entries after the main category (desktop bar and mobile menu): each top-level category; the holders
 * also lead to the printing page (issue 13) and the parking signs to /parkplatzschild (spec 2: linked from the
 * menu). Those two open a dropdown, so the bar stays one line at 1366 px.
 */
export function categoryItems(
  entries: readonly Pick<MenuEntry, 'Alias' | 'CategoryId' | 'Name'>[],
): NavItem[] {
  return entries.map((entry) => {
    const item: NavItem = { key: String(entry.CategoryId), href: categoryHref(entry), label: entry.Name };
    const extra =
      entry.Alias === 'kennzeichenhalter'
        ? PRINTING_LINK
        : entry.Alias === 'parkplatzschilder'
          ? PARKING_LINK
          : null;
    if (!extra) return item;
    const all: NavLink = { href: item.href, label: `Alle ${entry.Name}` };
    return { ...item, links: entry.Alias === 'parkplatzschilder' ? [extra, all] : [all, extra] };
  });
}

/** The same entries as plain links (mobile menu): a dropdown's links in its place. */
export const categoryLinks = (entries: Parameters<typeof categoryItems>[0]): NavLink[] =>
  categoryItems(entries).flatMap((item) => item.links ?? [item]);
