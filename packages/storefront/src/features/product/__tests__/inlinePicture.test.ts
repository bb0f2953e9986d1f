import type { Product } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { product as base } from '../../../../__tests__/fixtures';
import { serializeJsonForScript } from '../../../app/bootData';
import { inlinePicture, svgDataUri } from '../inlinePicture';
import { productPictureSvg } from '../productPicture';

const plate = (overrides: Partial<Product> = {}) =>
  base({
    UniqueId: 'KFZ-001',
    Alias: 'kfz-kennzeichen',
    Name: 'Kfz-Kennzeichen',
    Attributes: { Kennzeichentyp: 'Auto', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' },
    BaseImages: ['/images/products/kfz-001.svg'],
    ...overrides,
  });

const PREFIX = 'data:image/svg+xml,';

describe('the product page carries its first picture (LCP without a request)', () => {
  it('is the same drawing the picture address serves, for the product’s own drawing only', () => {
    const picture = inlinePicture(plate());
    expect(picture?.src).toBe('/images/products/kfz-001.svg');
    expect(picture?.data.startsWith(PREFIX)).toBe(true);
    expect(decodeURIComponent(picture!.data.slice(PREFIX.length))).toBe(productPictureSvg(plate()));
    // A changed product (here its sample text) is drawn afresh, not served from an earlier page view.
    const fun = (text: string) =>
      plate({
        Attributes: { Kennzeichentyp: 'Funschild' },
        Parameters: [{ Key: 'Beispieltext', Value: text }],
      });
    expect(inlinePicture(fun('MEIN AUTO'))?.data).toContain('MEIN AUTO');
    expect(inlinePicture(fun('DEIN AUTO'))?.data).toContain('DEIN AUTO');
    // A shop's own photo (or no picture) stays an address.
    expect(inlinePicture(plate({ BaseImages: ['https://cdn.example.de/kfz.jpg'] }))).toBeUndefined();
    expect(inlinePicture(plate({ BaseImages: [] }))).toBeUndefined();
  });

  it('reads the same in the img attribute and in the page’s JSON, so the page’s gzip keeps it about once', () => {
    const uri = svgDataUri('<svg a="1" b=\'2\'><title>Größe & "Art" #1 100%</title></svg>');
    expect(uri).not.toMatch(/["'<>&#]/);
    expect(serializeJsonForScript(uri)).toBe(`"${uri}"`);
    expect(decodeURIComponent(uri.slice(PREFIX.length))).toBe(
      '<svg a="1" b=\'2\'><title>Größe & "Art" #1 100%</title></svg>',
    );
  });
});
