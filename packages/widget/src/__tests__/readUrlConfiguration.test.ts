import { describe, expect, it } from 'vitest';
import { configurationUrl, readUrlConfiguration } from '../readUrlConfiguration';

describe('banner hand-off URL', () => {
  it('carries text, kind and size and encodes them', () => {
    const url = configurationUrl('https://shop.example/', 'kfz-kennzeichen', {
      kennzeichen: 'B-AB 123',
      art: 'H+season',
    });
    expect(url).toBe('https://shop.example/kfz-kennzeichen?kennzeichen=B-AB+123&art=H%2Bseason');
    expect(readUrlConfiguration(new URL(url).search)).toEqual({
      kennzeichen: 'B-AB 123',
      art: 'H+season',
      groesse: null,
    });
  });

  it('leaves empty values out and keeps hostile aliases inside the path', () => {
    expect(configurationUrl('', 'a/../b?x', {})).toBe('/a%2F..%2Fb%3Fx');
  });

  it('reads nothing from an empty or unrelated query and bounds huge values', () => {
    expect(readUrlConfiguration('')).toEqual({ kennzeichen: null, art: null, groesse: null });
    expect(readUrlConfiguration('?utm=1')).toEqual({ kennzeichen: null, art: null, groesse: null });
    const huge = readUrlConfiguration(`?kennzeichen=${'A'.repeat(100_000)}&art=<script>`);
    expect(huge.kennzeichen).toHaveLength(40);
    expect(huge.art).toBe('<script>'); // only ever used as an attribute value and parsed to a known kind
  });
});
