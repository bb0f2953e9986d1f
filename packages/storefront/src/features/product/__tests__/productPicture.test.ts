import type { Product } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { product as base, variant } from '../../../../__tests__/fixtures';
import { productWithVariant } from '../../../data/variants';
import { buyableFromCard } from '../../catalogue/cardPurchase';
import { pictureAlt } from '../pictureAlt';
import { productPictureSvg } from '../productPicture';

const plate = (overrides: Partial<Product> = {}) =>
  base({
    UniqueId: 'KFZ-001',
    Alias: 'kfz-kennzeichen',
    Name: 'Kfz-Kennzeichen',
    Attributes: { Kennzeichentyp: 'Auto', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
    Parameters: [{ Key: 'Schriftfarbe', Value: 'Schwarz' }],
    ...overrides,
  });

/** The nested plate's drawn box: its width / height must keep the plate's real proportions. */
function plateBox(svg: string): { ratio: number } {
  const match =
    /<svg viewBox="0 0 ([\d.]+) ([\d.]+)" x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  if (!match) throw new Error('no plate in the picture');
  const [, vw, vh, w, h] = match.map(Number) as [number, number, number, number, number];
  expect(w / h).toBeCloseTo(vw / vh, 1);
  return { ratio: w / h };
}

describe('product pictures are drawn from the product (issue 13)', () => {
  it('draws an official plate at its true proportions on the shared 640 × 320 canvas, never its code', () => {
    const wide = productPictureSvg(plate());
    expect(wide).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="640" height="320"/);
    expect(wide).toContain('<title>Kfz-Kennzeichen, 520 × 110 mm, mit Beispielkennzeichen</title>');
    expect(wide).not.toMatch(/KFZ-001/i);
    expect(plateBox(wide).ratio).toBeCloseTo(520 / 110, 1);
    const bike = productPictureSvg(
      plate({ Attributes: { Kennzeichentyp: 'Motorrad', Kennzeichengröße: '180x200' } }),
    );
    expect(plateBox(bike).ratio).toBeCloseTo(180 / 200, 1);
  });

  it('shows the season field of a seasonal variant and the E of an E plate', () => {
    const car = plate({
      Variants: [
        variant('KFZ-001-520x110-SAI', {
          'Kennzeichen-Art': 'Saisonkennzeichen',
          Kennzeichengröße: '520x110',
        }),
      ],
    });
    const seasonal = productPictureSvg(productWithVariant(car, car.Variants[0] ?? null));
    expect(seasonal).toContain('class="season"');
    expect(productPictureSvg(plate())).not.toContain('class="season"');
    const e = productPictureSvg(
      plate({ Attributes: { Kennzeichentyp: 'Auto', 'Kennzeichen-Art': 'E-Kennzeichen' } }),
    );
    expect(e).toContain('Kennzeichen B-LP 2025E');
  });

  it('draws fun plates and parking signs from their design text', () => {
    const fun = base({ Parameters: [{ Key: 'Beispieltext', Value: 'JUST MARRIED' }] });
    expect(productPictureSvg(fun)).toContain('Schild JUST MARRIED');
    expect(pictureAlt(fun)).toBe('Funschild, 520 × 110 mm, mit Beispieltext „JUST MARRIED“');
    const sign = base({
      Name: 'Parkplatzschild',
      Attributes: { Kennzeichentyp: 'Parkplatzschild', Kennzeichengröße: 'parkplatz' },
      Parameters: [{ Key: 'Beispieltext', Value: 'PRIVAT / B-LP 2025' }],
    });
    expect(productPictureSvg(sign)).toContain('Schild PRIVAT / B-LP 2025');
  });

  it('shows a printable holder with its print area, a plain holder without', () => {
    const holder = (extra: Record<string, string>) =>
      base({
        Name: 'Kennzeichenhalter bedrucken blau',
        Attributes: {
          Kennzeichentyp: 'Kennzeichenhalter',
          Kennzeichengröße: '520x110',
          Farbe: 'Blau',
          ...extra,
        },
      });
    expect(productPictureSvg(holder({ Bedruckbar: 'ja' }))).toContain('Druckfläche: Ihr Logo');
    expect(productPictureSvg(holder({ Bedruckbar: 'ja' }))).toContain('fill="#1f5fbf"');
    expect(productPictureSvg(holder({}))).not.toContain('Druckfläche');
    expect(pictureAlt(holder({ Bedruckbar: 'ja' }))).toContain('markierter Druckfläche');
  });

  it('names the size once when the product name already ends with it', () => {
    const classic = base({
      Name: 'Kennzeichenhalter Classic schwarz 520 × 110 mm',
      Attributes: { Kennzeichentyp: 'Kennzeichenhalter', Kennzeichengröße: '520x110' },
    });
    expect(pictureAlt(classic)).toBe(
      'Kennzeichenhalter Classic schwarz 520 × 110 mm, mit Beispielkennzeichen',
    );
  });

  it('draws name plates in their finish with the inscription', () => {
    const name = base({
      Name: 'Namensschild',
      Attributes: { Kennzeichentyp: 'Namensschild', Ausführung: 'Acrylglas' },
      Parameters: [{ Key: 'Beispieltext', Value: 'Familie Muster' }],
    });
    const svg = productPictureSvg(name);
    expect(svg).toContain('>Familie Muster</text>');
    expect(svg).toContain('fill-opacity="0.55"');
    expect(
      productPictureSvg({ ...name, Attributes: { ...name.Attributes, Ausführung: 'Aluminium' } }),
    ).toContain('url(#alu)');
  });

  it('escapes hostile texts and falls back on unknown sizes, colours and types', () => {
    const hostile = base({
      Name: '<script>alert(1)</script>',
      Attributes: { Kennzeichentyp: 'Zubehör', Farbe: '"><img>' },
      Parameters: [{ Key: 'Beispieltext', Value: '</text><script>' }],
    });
    const svg = productPictureSvg(hostile);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    const odd = plate({
      Attributes: { Kennzeichentyp: 'Auto', Kennzeichengröße: '9999x1', 'Kennzeichen-Art': '??' },
    });
    expect(plateBox(productPictureSvg(odd)).ratio).toBeCloseTo(520 / 110, 1);
    const huge = productPictureSvg(base({ Name: 'x'.repeat(10_000), Attributes: { Kennzeichentyp: '' } }));
    expect(huge.length).toBeLessThan(40_000);
  });
});

describe('cards offer "In den Warenkorb" only where nothing is left to choose', () => {
  it('sends plates, designs, printable holders and multi-variant products to their page', () => {
    const accessory = base({ Attributes: { Kennzeichentyp: 'Zubehör' }, Parameters: [] });
    expect(buyableFromCard(accessory)).toBe(true);
    expect(buyableFromCard(plate())).toBe(false);
    expect(buyableFromCard(base())).toBe(false);
    expect(
      buyableFromCard(base({ Attributes: { Kennzeichentyp: 'Kennzeichenhalter', Bedruckbar: 'ja' } })),
    ).toBe(false);
    const twoColours = base({
      Attributes: { Kennzeichentyp: 'Kennzeichenhalter' },
      Parameters: [
        { Key: 'Schriftfarbe', Value: 'Weiß' },
        { Key: 'Schriftfarbe', Value: 'Gold' },
      ],
    });
    expect(buyableFromCard(twoColours)).toBe(false);
    expect(buyableFromCard({ ...accessory, Variants: [variant('A', {}), variant('B', {})] })).toBe(false);
  });
});
