// Session 21 (phone): what a screen reader says after a search. The results heading takes focus (session 18) and is
// described by the count line, so the count is said with it; the same search sent again moves focus there again.
import { configure, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, hits, renderShop } from './searchShop';

configure({ asyncUtilTimeout: 5000 });

/** How many products each query finds. */
const FOUND: Record<string, number> = { halter: 3, fussball: 1, xyzzy: 0 };
/** The shop with that search; `asked()` lists the queries the API got so far. */
function searchShop(path: string) {
  const api = fakeApi((q) => hits.slice(0, FOUND[q] ?? 0));
  renderShop(path, api);
  return { asked: () => api.asked.map((query) => query.get('q')) };
}

function search(text: string) {
  const field = screen.getByRole('searchbox', { name: 'Produkt suchen' });
  field.focus();
  fireEvent.change(field, { target: { value: text } });
  fireEvent.submit(screen.getByRole('search'));
}

/** The focused element's accessible description as a screen reader builds it from aria-describedby. */
const description = (element: Element | null) =>
  (element?.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('a search with a screen reader', () => {
  it('focuses the results heading, described by the count or by why nothing was found', async () => {
    searchShop('/halter-1');
    await screen.findByRole('heading', { name: 'Produktseite' });
    search('halter');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „halter“' });
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(description(document.activeElement)).toBe('3 Produkte');

    search('fussball');
    const one = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „fussball“' });
    await expect.poll(() => document.activeElement).toBe(one);
    expect(description(one)).toBe('1 Produkt');

    search('xyzzy');
    const none = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „xyzzy“' });
    await expect.poll(() => document.activeElement).toBe(none);
    expect(description(none)).toBe(
      'Zu „xyzzy“ haben wir leider nichts gefunden. Prüfen Sie die Schreibweise oder versuchen Sie ein anderes Wort.',
    );
  });

  it('the same search sent again searches and moves focus to the heading again', async () => {
    const { asked } = searchShop('/suche?q=halter');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Suchergebnisse für „halter“' });
    expect(asked()).toEqual(['halter']);
    search('halter');
    await expect.poll(() => asked().length).toBe(2);
    await expect.poll(() => document.activeElement).toBe(heading);
    expect(description(heading)).toBe('3 Produkte');
  });
});
