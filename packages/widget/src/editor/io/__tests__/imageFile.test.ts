import { MAX_UPLOAD_BYTES } from '@lp/sdk/contract';
import { describe, expect, it } from 'vitest';
import { isEditorError } from '../../model/editorError';
import {
  checkImageFile,
  fitWithin,
  isAnimated,
  isHeif,
  isOpaquePhoto,
  rasterSize,
  sniffImageKind,
  UPLOAD_CAP_BYTES,
} from '../imageFile';

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
    expect(sniffImageKind(bytes('GIF89a'))).toBeNull(); // too short to hold a size
    expect(sniffImageKind(bytes('RIFF\0\0\0\0WAVEfmt '))).toBeNull(); // a sound file, RIFF as well
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
    expect(refuse('image/png', 100, bytes('MZ executable'))).toMatch(/PNG, JPEG, WebP, GIF or SVG/);
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

  it("holds the editor's upload cap equal to the API's", () => {
    expect(UPLOAD_CAP_BYTES).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a picture of few bytes and many pixels before the browser decodes it (phone memory)', () => {
    // 16,000 x 16,000 is 1 GB decoded; a 48 MP phone photo (8000 x 6000) is still welcome.
    expect(reasonFor('image/png', 60_000, pngHead(16_000, 16_000))).toBe('invalidImage:tooManyPixels');
    expect(reasonFor('image/jpeg', 80_000, jpegHead(65_000, 65_000))).toBe('invalidImage:tooManyPixels');
    expect(reasonFor('image/jpeg', 8_000_000, jpegHead(8000, 6000))).toBe('accepted');
    expect(reasonFor('image/png', 3_000_000, pngHead(4032, 3024))).toBe('accepted');
    // Session 25 review: the "50 MP" modes of phone cameras, Sony's sensors (8192 x 6144 = 50.3 MP) among them.
    expect(reasonFor('image/jpeg', 15_000_000, jpegHead(8192, 6144))).toBe('accepted');
    expect(reasonFor('image/jpeg', 15_000_000, jpegHead(8160, 6144))).toBe('accepted');
    // A 108 MP mode (12000 x 9000) is refused.
    expect(reasonFor('image/jpeg', 19_000_000, jpegHead(12_000, 9000))).toBe('invalidImage:tooManyPixels');
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
    expect(reasonFor('image/webp', 5000, bytes('RIFF\0\0\0\0WAVEfmt '))).toBe('invalidImage:format');
    expect(reasonFor('image/gif', 5000, bytes('GIF89a'))).toBe('invalidImage:format');
    expect(reasonFor('image/png', 5000, gif(10, 10))).toBe('invalidImage:format'); // says PNG, is a GIF
  });

  it('takes WebP and GIF, the formats Android phones and messengers save, with their sizes from the header', () => {
    expect(sniffImageKind(webpHead('VP8 ', 4000, 3000))).toBe('webp');
    expect(sniffImageKind(gif(320, 240))).toBe('gif');
    expect(sniffImageKind(bytes('GIF87a\x10\0\x10\0\0\0\0;'))).toBe('gif');
    expect(rasterSize('webp', webpHead('VP8 ', 4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(rasterSize('webp', webpHead('VP8L', 1080, 1920))).toEqual({ width: 1080, height: 1920 });
    expect(rasterSize('webp', webpHead('VP8X', 16_000, 9_000))).toEqual({ width: 16_000, height: 9_000 });
    expect(rasterSize('gif', gif(320, 240))).toEqual({ width: 320, height: 240 });
    expect(checkImageFile('image/webp', 300_000, webpHead('VP8 ', 4000, 3000))).toBe('webp');
    expect(checkImageFile('', 300_000, gif(480, 270, 3))).toBe('gif');
  });

  it('refuses WebP and GIF pixel bombs, also a GIF frame far larger than its screen', () => {
    expect(reasonFor('image/webp', 9_000, webpHead('VP8X', 16_384, 16_384))).toBe(
      'invalidImage:tooManyPixels',
    );
    expect(reasonFor('image/webp', 9_000, webpHead('VP8L', 16_384, 16_384))).toBe(
      'invalidImage:tooManyPixels',
    );
    expect(reasonFor('image/gif', 9_000, gif(65_535, 65_535))).toBe('invalidImage:tooManyPixels');
    // A 1 x 1 screen whose frame claims 60,000 x 60,000: the browser would decode the frame.
    expect(reasonFor('image/gif', 9_000, gif(1, 1, 1, 60_000))).toBe('invalidImage:tooManyPixels');
  });

  it('keeps a photo JPEG (a lossy WebP without alpha too) and everything with transparency PNG', () => {
    /** A chunk of `size` bytes; `claimed` writes a larger size into its header (a cut-off or hostile file). */
    const chunk = (id: string, size: number, claimed = size) => {
      const out = new Uint8Array(8 + size + (size & 1));
      out.set(bytes(id));
      new DataView(out.buffer).setUint32(4, claimed, true);
      return out;
    };
    // A lossy WebP behind VP8X and an ICC profile, as Skia and many apps write it.
    const extended = (flags: number, ...chunks: Uint8Array[]) => {
      const head = webpHead('VP8X', 600, 400, flags);
      return new Uint8Array([...head, ...chunks.flatMap((c) => [...c])]);
    };
    expect(isOpaquePhoto('jpeg', JPEG)).toBe(true);
    expect(isOpaquePhoto('webp', webpHead('VP8 ', 600, 400))).toBe(true);
    expect(isOpaquePhoto('webp', extended(0x20, chunk('ICCP', 455), chunk('VP8 ', 100)))).toBe(true);
    expect(isOpaquePhoto('webp', extended(0x30, chunk('ALPH', 50), chunk('VP8 ', 100)))).toBe(false);
    expect(isOpaquePhoto('webp', extended(0, chunk('VP8L', 100)))).toBe(false);
    expect(isOpaquePhoto('webp', webpHead('VP8L', 600, 400))).toBe(false);
    expect(isOpaquePhoto('webp', extended(0x02, chunk('ANIM', 6)))).toBe(false);
    expect(isOpaquePhoto('webp', extended(0, chunk('ICCP', 4, 0x7fff_ffff)))).toBe(false); // cut off: PNG is safe
    expect(isOpaquePhoto('png', pngHead(10, 10))).toBe(false);
    expect(isOpaquePhoto('gif', gif(10, 10))).toBe(false);
  });

  it('knows a moving picture, of which the print keeps the first frame', () => {
    expect(isAnimated('gif', gif(100, 100, 3))).toBe(true);
    expect(isAnimated('gif', gif(100, 100, 1))).toBe(false);
    expect(isAnimated('gif', gif(100, 100, 1, 0, true))).toBe(true); // the loop extension comes before frame 1
    expect(isAnimated('webp', webpHead('VP8X', 500, 500, 0x02))).toBe(true);
    expect(isAnimated('webp', webpHead('VP8X', 500, 500, 0x10))).toBe(false); // alpha only
    expect(isAnimated('webp', webpHead('VP8 ', 500, 500))).toBe(false);
    expect(isAnimated('png', pngHead(10, 10))).toBe(false);
  });
});

/** The first 30 bytes of a WebP whose first chunk is `chunk`, claiming `width` x `height` (VP8X: with `flags`). */
function webpHead(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number, flags = 0) {
  const head = new Uint8Array(30);
  head.set(bytes(`RIFF\0\0\0\0WEBP${chunk}`));
  const view = new DataView(head.buffer);
  if (chunk === 'VP8 ') {
    head.set([0x9d, 0x01, 0x2a], 23);
    view.setUint16(26, width, true);
    view.setUint16(28, height, true);
  } else if (chunk === 'VP8L') {
    head[20] = 0x2f;
    view.setUint32(21, (width - 1) | ((height - 1) << 14), true);
  } else {
    view.setUint32(16, 10, true); // the VP8X chunk's size
    head[20] = flags;
    head.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 24);
    head.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 27);
  }
  return head;
}

/**
 * A GIF: a `width` x `height` screen with a global colour table, the NETSCAPE loop extension when `loops`, and
 * `frames` frames of one pixel's data each (the first one `frameSide` x `frameSide` when given).
 */
function gif(width: number, height: number, frames = 1, frameSide = 0, loops = false) {
  const out: number[] = [...bytes('GIF89a'), width & 255, width >> 8, height & 255, height >> 8, 0x80, 0, 0];
  out.push(0, 0, 0, 255, 255, 255); // two colours
  if (loops) out.push(0x21, 0xff, 11, ...bytes('NETSCAPE2.0'), 3, 1, 0, 0, 0);
  for (let i = 0; i < frames; i++) {
    const side = i === 0 && frameSide ? frameSide : 1;
    out.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // graphic control: 0.1 s
    out.push(0x2c, 0, 0, 0, 0, side & 255, side >> 8, side & 255, side >> 8, 0);
    out.push(2, 2, 0x4c, 0x01, 0); // LZW: one pixel
  }
  out.push(0x3b);
  return new Uint8Array(out);
}
