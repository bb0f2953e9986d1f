import { EditorError, type ImageProblem } from '../model/editorError';

/** Formats accepted from disk (issue 4): checked by content, not by name or declared type alone. */
export type ImageKind = 'png' | 'jpeg' | 'svg';

/** spec/issue 4: huge pictures are scaled down to at most this many pixels on their long side. */
export const MAX_IMAGE_SIDE = 2000;
/** Files above this are refused before decoding (a decoded 2000 px PNG stays well under the 10 MB upload cap). */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;
/**
 * Pictures with more pixels are refused before decoding: a browser decodes at full size (4 bytes a pixel) before the
 * picture is scaled down, so a 16,000 px PNG of a few KB would ask a phone for 1 GB. 50 MP holds every phone camera's
 * usual mode (8160 x 6120 is 49.9 MP).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Bytes read before decoding: a JPEG's size (SOF) follows its EXIF, which holds a preview of up to 64 KB. */
export const IMAGE_HEAD_BYTES = 256 * 1024;

const DECLARED: Record<string, ImageKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/svg+xml': 'svg',
};

/** The real format from the first bytes: PNG and JPEG signatures, or SVG markup after an optional prolog. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(head) ? 'svg' : null;
}

/** HEIC/HEIF (an iPhone's and some Android phones' camera format): an ISO box `ftyp` with a HEIF brand. */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return ascii(4, 8) === 'ftyp' && /^(hei[cmsx]|hev[cmsx]|mif1|msf1)$/.test(ascii(8, 12));
}

/** Width and height from a PNG's IHDR or a JPEG's frame header (SOFn), or null when not found in `bytes`. */
export function rasterSize(kind: ImageKind, bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  }
  if (kind !== 'jpeg') return null;
  let at = 2;
  while (at + 9 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): height, then width, after the precision byte.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    if (marker === 0xda) return null;
    at += marker === 0xff ? 1 : 2 + view.getUint16(at + 2);
  }
  return null;
}

/**
 * Checks a picked file: size, declared type (if any) and content must agree, and the pixel count must fit a phone's
 * memory. `bytes` is the file's start (IMAGE_HEAD_BYTES). The error's `reason` picks the shopper's message.
 */
export function checkImageFile(declaredType: string, size: number, bytes: Uint8Array): ImageKind {
  const refuse = (reason: ImageProblem, message: string) =>
    new EditorError('invalidImage', message, { reason });
  // A photo still in the cloud (not downloaded to the phone) is often handed over as an empty file.
  if (size === 0) throw refuse('empty', 'The file is empty.');
  if (size > MAX_IMAGE_FILE_BYTES) throw refuse('tooLarge', 'The file is larger than 20 MB.');
  if (isHeif(bytes)) throw refuse('heif', 'HEIC/HEIF pictures cannot be decoded by the browser.');
  const kind = sniffImageKind(bytes);
  if (!kind) throw refuse('format', 'Only PNG, JPEG or SVG pictures can be used.');
  const declared = DECLARED[declaredType];
  if (declaredType !== '' && declared !== kind) {
    throw refuse('format', `The file says ${declaredType.slice(0, 40)} but contains ${kind}.`);
  }
  const pixels = rasterSize(kind, bytes);
  if (pixels && pixels.width * pixels.height > MAX_IMAGE_PIXELS) {
    throw refuse('tooManyPixels', `The picture has ${pixels.width} x ${pixels.height} pixels, over 50 MP.`);
  }
  return kind;
}

/** Size after scaling down to fit `max` on the long side (never scales up). */
export function fitWithin(
  width: number,
  height: number,
  max = MAX_IMAGE_SIDE,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
