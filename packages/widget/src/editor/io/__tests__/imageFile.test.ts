import { describe, expect, it } from 'vitest';
import { isEditorError } from '../../model/editorError';
import { checkImageFile, fitWithin, isHeif, rasterSize, sniffImageKind } from '../imageFile';

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

  /** The EditorError reason `checkImageFile` gives (the shopper's message is chosen by it), or 'accepted'. */
  const reasonFor = (type: string, size: number, data: Uint8Array) => {
    try {
      checkImageFile(type, size, data);
      return 'accepted';
    } catch (error) {
      return isEditorError(error) ? `${error.code}:${error.reason}` : 'other';
    }
  };

  /** A PNG head (signature and IHDR) claiming `width` x `height`. */
  const pngHead = (width: number, height: number) => {
    const head = new Uint8Array(33);
    head.set(PNG);
    const view = new DataView(head.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    return head;
  };

  /** A phone JPEG's head: SOI, an EXIF segment of `exifBytes` (previews make it up to 64 KB), then SOF0. */
  const jpegHead = (width: number, height: number, exifBytes = 60_000) => {
    const head = new Uint8Array(4 + exifBytes + 2 + 17);
    const view = new DataView(head.buffer);
    head.set([0xff, 0xd8, 0xff, 0xe1]);
    view.setUint16(4, exifBytes);
    const sof = 4 + exifBytes;
    head.set([0xff, 0xc0], sof);
    view.setUint16(sof + 2, 17);
    head[sof + 4] = 8;
    view.setUint16(sof + 5, height);
    view.setUint16(sof + 7, width);
    return head;
  };

  it('reads the pixel size from a PNG IHDR and from a JPEG frame header behind a big EXIF block', () => {
    expect(rasterSize('png', pngHead(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(rasterSize('jpeg', jpegHead(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(rasterSize('jpeg', jpegHead(4032, 3024).subarray(0, 1000))).toBeNull();
    expect(rasterSize('svg', bytes('<svg>'))).toBeNull();
  });

  it('refuses a picture of few bytes and many pixels before the browser decodes it (phone memory)', () => {
    // 16,000 x 16,000 is 1 GB decoded; a 48 MP phone photo (8000 x 6000) is still welcome.
    expect(reasonFor('image/png', 60_000, pngHead(16_000, 16_000))).toBe('invalidImage:tooManyPixels');
    expect(reasonFor('image/jpeg', 80_000, jpegHead(65_000, 65_000))).toBe('invalidImage:tooManyPixels');
    expect(reasonFor('image/jpeg', 8_000_000, jpegHead(8000, 6000))).toBe('accepted');
    expect(reasonFor('image/png', 3_000_000, pngHead(4032, 3024))).toBe('accepted');
  });

  it('names why a phone file is refused: HEIC, empty, too large, not a picture', () => {
    const ftyp = (brand: string) => bytes(`\0\0\0\x18ftyp${brand}\0\0\0\0mif1heic`);
    expect(isHeif(ftyp('heic'))).toBe(true);
    expect(isHeif(ftyp('mif1'))).toBe(true);
    expect(isHeif(ftyp('isom'))).toBe(false); // an MP4 video
    expect(reasonFor('image/heic', 2_000_000, ftyp('heic'))).toBe('invalidImage:heif');
    expect(reasonFor('', 2_000_000, ftyp('heix'))).toBe('invalidImage:heif');
    expect(reasonFor('image/jpeg', 0, new Uint8Array())).toBe('invalidImage:empty');
    expect(reasonFor('image/jpeg', 30 * 1024 * 1024, JPEG)).toBe('invalidImage:tooLarge');
    expect(reasonFor('image/jpeg', 5000, bytes('%PDF-1.7\n'))).toBe('invalidImage:format');
    expect(reasonFor('image/webp', 5000, bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('invalidImage:format');
    expect(reasonFor('image/gif', 5000, bytes('GIF89a'))).toBe('invalidImage:format');
  });
});
