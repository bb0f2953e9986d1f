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
