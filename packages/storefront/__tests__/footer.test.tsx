import type { ArticleSummary, MenuEntry } from '@lp/sdk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../src/chrome/Footer';
import { renderWithShop, setViewport } from './renderWithShop';

const article = (Alias: string, Title: string, Kind: 'page' | 'blog' = 'page'): ArticleSummary => ({
  Alias,
  Title,
  Kind,
  Excerpt: '',
  PublishedAt: '2026-01-01',
  IsSample: false,
});
const mainProducts = Array.from({ length: 7 }, (_, i) => ({
  UniqueId: `P${i}`,
  Name: `Produkt ${i}`,
  Alias: `p${i}`,
}));
const menu: MenuEntry[] = [{ Alias: 'zubehoer', CategoryId: 7, Name: 'Zubehör', Products: [] }];

function renderFooter() {
  return renderWithShop(
    <Footer
      articles={[article('impressum', 'Impressum'), article('tipps', 'Tipps', 'blog')]}
      menu={menu}
      mainProducts={mainProducts}
      mainCategoryId={1}
      freeShippingFrom={50}
      phone="+49 3023125000"
      appVersion="1.32.0"
    />,
  );
}

describe('footer', () => {
  it('on mobile starts with Information and Warum wir open, the others closed, and toggles on click', () => {
    setViewport(true);
    renderFooter();
    const info = screen.getByRole('button', { name: /Information/ });
    const products = screen.getByRole('button', { name: /Produkte/ });
    expect(info.getAttribute('aria-expanded')).toBe('true');
    expect(products.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: /Warum wir/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Weitere Links/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: /Aus dem Blog/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Produkt 0').closest('[hidden]')).not.toBeNull();
    fireEvent.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Produkt 0').closest('[hidden]')).toBeNull();
    fireEvent.click(info);
    expect(info.getAttribute('aria-expanded')).toBe('false');
  });

  it('on desktop shows every section open with plain headings (nothing to collapse)', () => {
    setViewport(false);
    renderFooter();
    expect(screen.queryByRole('button', { name: /Produkte/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Produkte' })).toBeTruthy();
    expect(screen.getByText('Produkt 0').closest('[hidden]')).toBeNull();
  });

  it('lists the first 5 products, the four payment icons, phone link, copyright year and version', () => {
    setViewport(false);
    renderFooter();
    expect(screen.getByText('Produkt 4')).toBeTruthy();
    expect(screen.queryByText('Produkt 5')).toBeNull();
    for (const name of ['PayPal', 'Visa', 'Mastercard', 'American Express']) {
      expect(screen.getByRole('img', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: /\+49 3023125000/ }).getAttribute('href')).toBe(
      'tel:+493023125000',
    );
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}.*1\\.32\\.0`))).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Folge uns' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Facebook|Instagram|YouTube|TikTok/ })).toHaveLength(4);
  });
});
