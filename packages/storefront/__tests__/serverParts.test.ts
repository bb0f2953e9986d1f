// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { needsSanitising, sanitize, sanitizeApiBody } from '../server/sanitizeBody';
import { renderRobots, renderSitemap } from '../server/seoFiles';
import { getIcon, MISSING_ICON_MESSAGE, registerIcons } from '../src/icons/iconRegistry';
import { createErrorReporter } from '../src/errors/errorReporter';

describe('HTML sanitising on the server', () => {
  it('removes scripts, handlers and javascript: links, keeps the content', () => {
    const clean = sanitize(
      '<p onclick="x()">Hallo <a href="javascript:alert(1)">Link</a><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    );
    expect(clean).toContain('Hallo');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('cleans product descriptions (also of variants) and article content; other answers pass', () => {
    const product = {
      Description: '<b>ok</b><script>x</script>',
      Variants: [{ Description: '<iframe src=x></iframe>v' }],
    };
    expect(sanitizeApiBody('/api/v1/business/get-product-by-alias', product)).toEqual({
      Description: '<b>ok</b>',
      Variants: [{ Description: 'v' }],
    });
    expect(sanitizeApiBody('/api/v1/business/getproducts', { items: [product] })).toMatchObject({
      items: [{ Description: '<b>ok</b>' }],
    });
    expect(sanitizeApiBody('/api/v1/page', { Content: '<h2>T</h2><style>*{}</style>' })).toEqual({
      Content: '<h2>T</h2>',
    });
    expect(sanitizeApiBody('/api/Cart/getCart', { description: '<script>' })).toEqual({
      description: '<script>',
    });
    expect(needsSanitising('/API/V1/PAGE')).toBe(true);
    expect(needsSanitising('/api/Cart/getCart')).toBe(false);
  });

  it('survives wrong types and huge input', () => {
    expect(sanitize(undefined)).toBe('');
    expect(sanitize(42)).toBe('');
    expect(sanitizeApiBody('/api/v1/business/get-product-by-alias', null)).toBeNull();
    expect(sanitizeApiBody('/api/v1/business/getproducts', 'x')).toBe('x');
    const huge = `<p>${'a'.repeat(500_000)}</p>`;
    expect(sanitize(huge)).toHaveLength(huge.length);
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
    registerIcons({ dot: { viewBox: '0 0 1 1', body: '<circle r="1"/>' } });
    expect(getIcon('dot').viewBox).toBe('0 0 1 1');
    expect(() => getIcon('nope')).toThrow(`${MISSING_ICON_MESSAGE}: nope`);
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
