// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRobots, renderSitemap } from '../server/seoFiles';
import { busyPage, errorPage, maintenancePage, slowPage } from '../server/statusPages';
import { BRAND_ICONS } from '../src/icons/brandIcons';
import { getIcon, MISSING_ICON_MESSAGE, registerIcons } from '../src/icons/iconRegistry';
import { SHOP_ICONS } from '../src/icons/shopIcons';
import { createErrorReporter } from '../src/errors/errorReporter';

describe('the pages the server answers itself', () => {
  it('are German, accessible and script-free, with the shop stylesheet when given', () => {
    for (const [page, heading] of [
      [maintenancePage(['assets/app.css']), 'Wartungsarbeiten'],
      [slowPage(), 'Der Shop antwortet gerade nicht rechtzeitig'],
      [busyPage(), 'Gerade ist sehr viel los'],
      [errorPage(), 'Es ist ein Fehler aufgetreten'],
    ] as const) {
      expect(page).toMatch(/^<!doctype html><html lang="de">/);
      expect(page).toContain(`<h1>${heading}</h1>`);
      expect(page).toContain('<main>');
      expect(page).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    }
    expect(maintenancePage(['assets/app.css'])).toContain('<link rel="stylesheet" href="/assets/app.css">');
    expect(maintenancePage()).toContain('Der Shop ist gleich wieder für Sie da.');
    expect(maintenancePage(['"><script>'])).not.toContain('"><script>');
  });
});

describe('sitemap and robots', () => {
  it('escapes URLs and lists every entry', () => {
    const xml = renderSitemap('https://s.example', [{ path: '/a&b' }, { path: '/c', lastmod: '2026-01-01' }]);
    expect(xml).toContain('<loc>https://s.example/a&amp;b</loc>');
    expect(xml).toContain('<lastmod>2026-01-01</lastmod>');
    expect(renderRobots('https://s.example', false)).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('icon registry and error reporter (spec 8)', () => {
  it("reports a missing icon as 'no svg with that name was loaded'", () => {
    registerIcons(['dot']);
    expect(getIcon('dot')).toMatch(/\/icons\.svg\b.*#dot$/);
    expect(() => getIcon('nope')).toThrow(`${MISSING_ICON_MESSAGE}: nope`);
  });

  it('registers exactly the symbols the sprite draws', () => {
    const sprite = readFileSync(join(import.meta.dirname, '../src/icons/icons.svg'), 'utf8');
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(symbols.sort()).toEqual([...SHOP_ICONS, ...BRAND_ICONS].sort());
  });

  it('sends severity error with component context; a broken sink does not break the caller', () => {
    const reports: unknown[] = [];
    const reporter = createErrorReporter([
      () => {
        throw new Error('sink down');
      },
      (report) => reports.push(report),
    ]);
    expect(() => reporter.report(new Error('boom'), 'ProductView')).not.toThrow();
    expect(reports).toEqual([
      expect.objectContaining({ severity: 'error', component: 'ProductView', message: 'boom' }),
    ]);
  });
});
