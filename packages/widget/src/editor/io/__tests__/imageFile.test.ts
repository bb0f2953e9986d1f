import { describe, expect, it } from 'vitest';
import { isEditorError } from '../../model/editorError';
import { checkImageFile, fitWithin, sniffImageKind } from '../imageFile';

const bytes = (s: string) => new TextEncoder().encode(s);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('image files from disk', () => {
  it('recognises PNG, JPEG and SVG by content', () => {
    expect(sniffImageKind(PNG)).toBe('png');
    expect(sniffImageKind(JPEG)).toBe('jpeg');
    expect(sniffImageKind(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffImageKind(bytes('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg>'))).toBe(
      'svg',
    );
  });

  it('refuses other content whatever its name or declared type says', () => {
    expect(sniffImageKind(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImageKind(bytes('GIF89a'))).toBeNull();
    expect(sniffImageKind(new Uint8Array())).toBeNull();
    const refuse = (type: string, size: number, data: Uint8Array) => {
      try {
        checkImageFile(type, size, data);
      } catch (error) {
        expect(isEditorError(error) && error.code === 'invalidImage').toBe(true);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refuse('image/png', 100, bytes('MZ executable'))).toMatch(/PNG, JPEG or SVG/);
    expect(refuse('image/png', 100, JPEG)).toMatch(/says image\/png but contains jpeg/);
    expect(refuse('image/png', 0, PNG)).toMatch(/empty/);
    expect(refuse('image/png', 50 * 1024 * 1024, PNG)).toMatch(/20 MB/);
    expect(checkImageFile('', 100, PNG)).toBe('png');
  });

  it('scales huge pictures down to 2000 px on the long side and never up', () => {
    expect(fitWithin(8000, 4000)).toEqual({ width: 2000, height: 1000 });
    expect(fitWithin(1000, 6000)).toEqual({ width: 333, height: 2000 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(0, 200)).toEqual({ width: 0, height: 0 });
    expect(fitWithin(Number.NaN, 200)).toEqual({ width: 0, height: 0 });
  });
});
