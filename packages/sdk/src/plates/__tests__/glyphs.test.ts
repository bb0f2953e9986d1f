import { describe, expect, it } from 'vitest';
import { EM, charWidthEm } from '../geometry';
import { GLYPH_CHARS, glyphPath, hasGlyph } from '../glyphs';

const numbers = (d: string) => (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);

describe('plate lettering', () => {
  it('has a glyph for A-Z, Ä, Ö, Ü, 0-9, hyphen and space', () => {
    for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ0123456789- ') expect(hasGlyph(ch), ch).toBe(true);
    for (const ch of ['a', 'ß', '<', '', 'AB']) expect(hasGlyph(ch)).toBe(false);
    expect(GLYPH_CHARS).toHaveLength(41);
  });

  it('draws every glyph inside its box, in both widths', () => {
    for (const width of ['standard', 'narrow'] as const) {
      for (const ch of GLYPH_CHARS.replace(' ', '')) {
        const box = {
          x: 100,
          y: 10,
          width: charWidthEm(ch, width) * 75,
          height: 75,
          stroke: EM.stroke[width] * 75,
        };
        const d = glyphPath(ch, box);
        expect(d, ch).toMatch(/^M/);
        expect(d).toMatch(/^[MLQZ\d. -]+$/);
        const values = numbers(d);
        const xs = values.filter((_, i) => i % 2 === 0);
        const ys = values.filter((_, i) => i % 2 === 1);
        const s = box.stroke / 2 - 0.01;
        expect(Math.min(...xs), ch).toBeGreaterThanOrEqual(box.x + s);
        expect(Math.max(...xs), ch).toBeLessThanOrEqual(box.x + box.width - s);
        expect(Math.min(...ys), ch).toBeGreaterThanOrEqual(box.y);
        expect(Math.max(...ys), ch).toBeLessThanOrEqual(box.y + box.height - s);
      }
    }
  });

  it('draws distinct shapes for every character', () => {
    const box = { x: 0, y: 0, width: 47.5, height: 75, stroke: 10 };
    const shapes = new Set([...GLYPH_CHARS.replace(' ', '')].map((ch) => glyphPath(ch, box)));
    expect(shapes.size).toBe(40 - 1); // O and 0 share the squared oval in the same box
    expect(glyphPath(' ', box)).toBe('');
    expect(glyphPath('§', box)).toBe('');
  });

  it('follows the FE-Schrift proportions: 47.5 mm letters, 44.5 mm digits, 10 mm stroke at 75 mm', () => {
    expect(charWidthEm('A', 'standard') * 75).toBeCloseTo(47.5);
    expect(charWidthEm('7', 'standard') * 75).toBeCloseTo(44.5);
    expect(charWidthEm('A', 'narrow') * 75).toBeCloseTo(40.5);
    expect(charWidthEm('7', 'narrow') * 75).toBeCloseTo(38.5);
    expect(EM.stroke.standard * 75).toBeCloseTo(10);
  });
});
