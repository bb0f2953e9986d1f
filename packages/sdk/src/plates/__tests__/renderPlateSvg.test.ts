import { describe, expect, it } from 'vitest';
import { escapeXml } from '../escapeXml';
import { PLATE_KINDS } from '../plateKinds';
import { PLATE_SIZES } from '../plateSizes';
import { renderPlateSvg } from '../renderPlateSvg';
import { checkXml } from './xmlCheck';

const season = { start: 4, end: 10 };
const HOSTILE = `</title><script>alert(1)</script>"' onload="x" & ]]> <!-- \u0000\u0007\uD800`;

describe('renderPlateSvg', () => {
  it('is a well-formed SVG at true size for every size and kind', () => {
    for (const size of PLATE_SIZES) {
      for (const kind of PLATE_KINDS) {
        const svg = renderPlateSvg({ text: 'HH-AB 12', kind, season, size: size.id });
        const { problems, elements } = checkXml(svg);
        expect(problems, `${size.id} ${kind}`).toEqual([]);
        const root = elements[0];
        expect(root?.attrs).toMatchObject({
          xmlns: 'http://www.w3.org/2000/svg',
          viewBox: `0 0 ${size.widthMm} ${size.heightMm}`,
          width: `${size.widthMm}mm`,
          height: `${size.heightMm}mm`,
          role: 'img',
        });
      }
    }
  });

  it('names the plate in its title', () => {
    const { elements } = checkXml(renderPlateSvg({ text: 'b ab 123', kind: 'standard', size: '520x110' }));
    expect(elements[1]).toMatchObject({ name: 'title', text: 'Kennzeichen B-AB 123' });
    const fun = checkXml(
      renderPlateSvg({ text: 'Hallo', kind: 'standard', size: '520x110', freeText: true }),
    );
    expect(fun.elements[1]?.text).toBe('Schild HALLO');
  });

  it('draws the EU band with 12 stars and a D, white field and black border', () => {
    const svg = renderPlateSvg({ text: 'B-AB 123', kind: 'standard', size: '520x110' });
    expect(svg).toContain('fill="#003399"');
    const stars = /<path d="([^"]+)" fill="#ffcc00"\/>/.exec(svg)?.[1] ?? '';
    expect(stars.match(/M/g)).toHaveLength(12);
    expect(svg).toContain('stroke="#ffffff"'); // the D
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(svg).not.toContain('<text');
  });

  it('shows seal places on official plates only, and only when asked', () => {
    const count = (svg: string) => (svg.match(/<circle/g) ?? []).length;
    expect(count(renderPlateSvg({ text: 'B-AB 123', kind: 'standard', size: '520x110' }))).toBe(2);
    expect(count(renderPlateSvg({ text: 'B-AB 123', kind: 'standard', size: '520x110', seals: false }))).toBe(
      0,
    );
    expect(
      count(renderPlateSvg({ text: 'B-AB 123', kind: 'standard', size: '520x110', freeText: true })),
    ).toBe(0);
    expect(count(renderPlateSvg({ text: 'PRIVAT', kind: 'standard', size: 'parkplatz', seals: true }))).toBe(
      0,
    );
  });

  it('draws the season field for seasonal kinds', () => {
    expect(renderPlateSvg({ text: 'B-AB 12', kind: 'season', season, size: '520x110' })).toContain(
      'class="season"',
    );
    expect(renderPlateSvg({ text: 'B-AB 12', kind: 'standard', season, size: '520x110' })).not.toContain(
      'class="season"',
    );
  });

  it('maps Schriftfarbe names to colours and never lets a colour into the markup', () => {
    const lettering = (colour?: string) =>
      [
        ...renderPlateSvg({ text: 'B-AB 1', kind: 'standard', size: '520x110', colour }).matchAll(
          /stroke="(#[0-9a-f]+)" stroke-width="10"/g,
        ),
      ].map((m) => m[1]);
    expect(lettering()).toEqual(['#000000']);
    expect(lettering('Rot')).toEqual(['#c8102e']);
    expect(lettering('grün')).toEqual(['#00843d']);
    expect(lettering('Blau')).toEqual(['#003399']);
    expect(lettering('#123ABC')).toEqual(['#123abc']);
    const hostile = renderPlateSvg({
      text: 'B-AB 1',
      kind: 'standard',
      size: '520x110',
      colour: '"/><script>x</script>',
    });
    expect(hostile).not.toContain('script');
    expect(checkXml(hostile).problems).toEqual([]);
  });

  it('escapes hostile text and titles', () => {
    for (const options of [
      { text: HOSTILE, kind: 'standard' as const, size: '520x110' as const },
      { text: HOSTILE, kind: 'standard' as const, size: '520x110' as const, freeText: true },
      { text: 'B-AB 1', kind: 'standard' as const, size: '520x110' as const, title: HOSTILE },
      { text: HOSTILE.repeat(500), kind: 'season' as const, size: 'parkplatz' as const },
    ]) {
      const svg = renderPlateSvg(options);
      const { problems, elements } = checkXml(svg);
      expect(problems).toEqual([]);
      expect(elements.map((e) => e.name)).not.toContain('script');
      expect(svg).not.toMatch(/<script|onload="x"/);
      expect(svg.includes(String.fromCharCode(0))).toBe(false);
    }
    const titled = checkXml(
      renderPlateSvg({ text: 'B-AB 1', kind: 'standard', size: '520x110', title: 'A & B <c>' }),
    );
    expect(titled.elements[1]?.text).toBe('A &amp; B &lt;c&gt;');
  });

  it('survives wrong types', () => {
    const svg = renderPlateSvg({
      text: null as never,
      kind: 7 as never,
      size: 'huge' as never,
      colour: {} as never,
      title: 3 as never,
    });
    expect(checkXml(svg).problems).toEqual([]);
  });
});

describe('the XML check used above', () => {
  it('finds what would make an SVG ill-formed', () => {
    expect(checkXml('<svg><title>a</title><path d="M0 0"/></svg>').problems).toEqual([]);
    expect(checkXml('<svg><title>a & b</title></svg>').problems).not.toEqual([]);
    expect(checkXml('<svg><g></svg>').problems).not.toEqual([]);
    expect(checkXml('<svg a="1" a="2"></svg>').problems).not.toEqual([]);
    expect(checkXml('<svg></svg><svg></svg>').problems).not.toEqual([]);
    expect(checkXml('<svg><title><</title></svg>').problems).not.toEqual([]);
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u0008c\td\uFFFEe\uD800f😀')).toBe('abc\tdef😀');
  });
});
