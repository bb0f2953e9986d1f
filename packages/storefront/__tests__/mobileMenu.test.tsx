import type { MenuEntry } from '@lp/sdk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../src/chrome/Header';
import { lockScroll } from '../src/chrome/scrollLock';
import { renderWithShop, setViewport } from './renderWithShop';

const menu: MenuEntry[] = [
  {
    Alias: 'kennzeichen',
    CategoryId: 1,
    Name: 'Kennzeichen',
    Products: Array.from({ length: 10 }, (_, i) => ({
      UniqueId: `K${i}`,
      Name: `Schild ${i}`,
      Alias: `schild-${i}`,
    })),
  },
  { Alias: 'zubehoer', CategoryId: 2, Name: 'Zubehör', Products: [] },
];

function renderHeader() {
  setViewport(true);
  return renderWithShop(
    <Header menu={menu} articles={[]} mainCategoryId={1} freeShippingFrom={50} phone="+49 3023125000" />,
  );
}

describe('mobile menu', () => {
  afterEach(() => {
    document.body.style.overflow = '';
  });

  // The menu's code is a chunk of its own (loaded after hydration), so the dialog appears once it has loaded.
  it('locks page scrolling while open and restores the previous value when closed', async () => {
    document.body.style.overflow = 'scroll';
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    expect(await screen.findByRole('dialog', { name: 'Menü' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Menü schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('closes with Escape and gives focus back to the menu button', async () => {
    renderHeader();
    const button = screen.getByRole('button', { name: 'Menü öffnen' });
    fireEvent.click(button);
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(button);
  });

  it('keeps Tab inside the open menu: past the last link it returns to the close button, and back', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menü' });
    const close = screen.getByRole('button', { name: 'Menü schließen' });
    const links = dialog.querySelectorAll<HTMLElement>('nav a[href]');
    const last = links[links.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('lists products, other categories, plate list, cart with count; registration while nobody is logged in', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Schild 9');
    expect(dialog.textContent).toContain('Zubehör');
    expect(dialog.textContent).toContain('Alle Kennzeichen');
    expect(dialog.textContent).toContain('Warenkorb (0)');
    expect(screen.queryByRole('button', { name: 'Abmelden' })).toBeNull();
    const register = screen.getByRole('link', { name: 'Registrieren' });
    expect(register.getAttribute('href')).toBe('/account/register');
    fireEvent.click(register);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('scroll locks nest: the page unlocks when the last lock is released, releasing twice is harmless', () => {
    const first = lockScroll();
    const second = lockScroll();
    first();
    first();
    expect(document.body.style.overflow).toBe('hidden');
    second();
    expect(document.body.style.overflow).toBe('');
  });

  it('desktop dropdown shows at most 8 products and a Weitere link', () => {
    renderHeader();
    const panel = document.getElementById('nav-kennzeichen');
    expect(panel?.querySelectorAll('li')).toHaveLength(9);
    expect(panel?.textContent).toContain('Weitere');
    expect(panel?.textContent).not.toContain('Schild 8');
  });
});
