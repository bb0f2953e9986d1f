import { describe, expect, it } from 'vitest';
import { lineConfig } from '../lineConfig';

describe('lineConfig', () => {
  it('describes a seasonal plate in German', () => {
    const config = lineConfig(
      {
        Kennzeichen: 'B-AB 123',
        'Kennzeichen-Art': 'Saisonkennzeichen',
        Kennzeichengröße: '520x110',
        'Saison-Start': '3',
        'Saison-Ende': '10',
        Schriftfarbe: 'Schwarz',
      },
      'KFZ-Kennzeichen',
    );
    expect(config.details).toEqual([
      { label: 'Kennzeichen', value: 'B-AB 123', verbatim: true },
      { label: 'Art', value: 'Saisonkennzeichen' },
      { label: 'Größe', value: '520 × 110 mm' },
      { label: 'Saison', value: 'März – Oktober' },
      { label: 'Schriftfarbe', value: 'Schwarz' },
    ]);
    expect(config.image).toBeNull();
  });

  it('shows the design thumbnail of prints only from http(s) or the own origin', () => {
    expect(lineConfig({ 'Design-Bild': '/uploads/a.png' }, 'Halter').image).toBe('/uploads/a.png');
    expect(lineConfig({ 'Design-Bild': 'javascript:alert(1)' }, 'Halter').image).toBeNull();
    expect(lineConfig({ 'Design-Bild': '//evil.example/x.png' }, 'Halter').image).toBeNull();
    expect(lineConfig({ Kennzeichengröße: 'parkplatz', 'Saison-Start': '13' }, 'P').details).toEqual([
      { label: 'Größe', value: 'Parkplatzschild' },
    ]);
  });
});
