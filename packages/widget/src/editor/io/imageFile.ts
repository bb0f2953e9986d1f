import { MAX_IMAGE_ASPECT } from '../model/constants';
import { EditorError, type ImageProblem } from '../model/editorError';

/**
 * Formats accepted from disk (issue 4): checked by content, not by name or declared type alone. WebP (Android
 * phones and messengers save it) and GIF are decoded by the browser and uploaded as PNG or JPEG, the only formats
 * the API stores.
 */
export type ImageKind = 'png' | 'jpeg' | 'svg' | 'webp' | 'gif';

/** spec/issue 4: huge pictures are scaled down to at most this many pixels on their long side. */
export const MAX_IMAGE_SIDE = 2000;
/** Files above this are refused before decoding (a decoded 2000 px PNG stays well under the 10 MB upload cap). */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;
/**
 * Pictures with more pixels are refused before decoding: a browser decodes at full size (4 bytes a pixel) before the
 * picture is scaled down, so a 16,000 px PNG of a few KB would ask a phone for 1 GB. Every phone camera's "50 MP"
 * mode fits (session 25 review: Sony's 50 MP sensors write 8192 x 6144 = 50.3 MP, others 8160 x 6144); the 108 and
 * 200 MP modes do not, and their message says to take or send the picture at a lower resolution.
 */
export const MAX_IMAGE_PIXELS = 52_000_000;
/**
 * The API's upload cap (DESIGN 2; `MAX_UPLOAD_BYTES` of `@lp/sdk/contract`, which a test holds this equal to): the
 * editor's chunk reads the SDK only through what lp-widget.js publishes, and that has no byte to spare for it.
 */
export const UPLOAD_CAP_BYTES = 10 * 1024 * 1024;
/** Bytes read before decoding: a JPEG's size (SOF) follows its EXIF, which holds a preview of up to 64 KB. */
export const IMAGE_HEAD_BYTES = 256 * 1024;

const DECLARED: Record<string, ImageKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The real format from the first bytes: PNG, JPEG, WebP and GIF signatures, or SVG markup after a prolog. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
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
  return ascii(bytes, 4, 8) === 'ftyp' && /^(hei[cmsx]|hev[cmsx]|mif1|msf1)$/.test(ascii(bytes, 8, 12));
}

/** Width and height of a WebP from its first chunk (lossy VP8, lossless VP8L, or the extended VP8X canvas). */
function webpSize(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ')
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return null;
}

/**
 * Walks a GIF's blocks as far as `bytes` reach: how many frames start there, whether a looping (animation)
 * extension was seen, and the largest extent of the logical screen and the frames (a frame may claim more pixels
 * than the screen, and browsers decode it at that size).
 */
export function gifBlocks(bytes: Uint8Array): {
  frames: number;
  loops: boolean;
  width: number;
  height: number;
} {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found = { frames: 0, loops: false, width: view.getUint16(6, true), height: view.getUint16(8, true) };
  const table = (flags: number) => (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at]! + 1;
    return at + 1;
  };
  let at = 13 + table(bytes[10] ?? 0);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x21) {
      if (/^(NETSCAPE2\.0|ANIMEXTS1\.0)$/.test(ascii(bytes, at + 3, at + 14))) found.loops = true;
      at = skipSubBlocks(at + 2);
    } else if (block === 0x2c && at + 10 <= bytes.length) {
      found.frames++;
      found.width = Math.max(found.width, view.getUint16(at + 1, true) + view.getUint16(at + 5, true));
      found.height = Math.max(found.height, view.getUint16(at + 3, true) + view.getUint16(at + 7, true));
      at = skipSubBlocks(at + 11 + table(bytes[at + 9]!));
    } else break; // the trailer (0x3b), a cut-off head or a malformed file: decoding decides
  }
  return found;
}

/**
 * Whether a picture is a photo best kept as JPEG: a JPEG, or a lossy WebP without transparency (what a phone camera
 * or a messenger saves; as PNG its 2000 px could pass the API's 10 MB cap). The WebP's chunks are walked to its
 * image data: 'VP8 ' is lossy, 'VP8L' lossless; an alpha or animation flag in VP8X keeps it PNG.
 */
export function isOpaquePhoto(kind: ImageKind, bytes: Uint8Array): boolean {
  if (kind === 'jpeg') return true;
  if (kind !== 'webp' || (ascii(bytes, 12, 16) === 'VP8X' && (bytes[20]! & 0x12) !== 0)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 12; at + 8 <= bytes.length; ) {
    const chunk = ascii(bytes, at, at + 4);
    if (chunk === 'VP8 ' || chunk === 'VP8L' || chunk === 'ALPH') return chunk === 'VP8 ';
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size & 1);
  }
  return false;
}

/** Whether only the first frame of a moving picture will be used: an animated WebP (VP8X flag) or GIF. */
export function isAnimated(kind: ImageKind, bytes: Uint8Array): boolean {
  if (kind === 'webp')
    return bytes.length > 20 && ascii(bytes, 12, 16) === 'VP8X' && (bytes[20]! & 0x02) !== 0;
  if (kind !== 'gif') return false;
  const { frames, loops } = gifBlocks(bytes);
  return loops || frames > 1;
}

/** A JPEG frame header (SOF0..SOF15 except DHT C4, JPG C8, DAC CC): height, then width, after the precision byte. */
export const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Width and height from a PNG's IHDR, a JPEG's frame header (SOFn), a WebP's first chunk or a GIF's logical screen,
 * or null when not found in `bytes`.
 */
export function rasterSize(kind: ImageKind, bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  }
  if (kind === 'webp') return webpSize(bytes, view);
  if (kind === 'gif') {
    const { width, height } = gifBlocks(bytes);
    return { width, height };
  }
  if (kind !== 'jpeg') return null;
  let at = 2;
  while (at + 9 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (isFrameMarker(marker)) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
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
  if (!kind) throw refuse('format', 'Only PNG, JPEG, WebP, GIF or SVG pictures can be used.');
  const declared = DECLARED[declaredType];
  if (declaredType !== '' && declared !== kind) {
    throw refuse('format', `The file says ${declaredType.slice(0, 40)} but contains ${kind}.`);
  }
  checkPixels(rasterSize(kind, bytes));
  return kind;
}

/** Refuses a picture whose header claims more than MAX_IMAGE_PIXELS (null: size not known, decoding decides). */
export function checkPixels(size: { width: number; height: number } | null): void {
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new EditorError(
      'invalidImage',
      `The picture has ${size.width} x ${size.height} pixels, over 52 MP.`,
      {
        reason: 'tooManyPixels',
      },
    );
  }
}

/** Refuses a decoded picture narrower or flatter than 1:MAX_IMAGE_ASPECT: no print motif, an item too thin to see. */
export function checkShape(width: number, height: number): void {
  if (Math.max(width / height, height / width) > MAX_IMAGE_ASPECT) {
    throw new EditorError('invalidImage', `The picture is ${width} x ${height} pixels, beyond 1:50.`, {
      reason: 'shape',
    });
  }
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
