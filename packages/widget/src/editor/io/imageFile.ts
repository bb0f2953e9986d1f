import { EditorError } from '../model/editorError';

/** Formats accepted from disk (issue 4): checked by content, not by name or declared type alone. */
export type ImageKind = 'png' | 'jpeg' | 'svg';

/** spec/issue 4: huge pictures are scaled down to at most this many pixels on their long side. */
export const MAX_IMAGE_SIDE = 2000;
/** Files above this are refused before decoding (a decoded 2000 px PNG stays well under the 10 MB upload cap). */
export const MAX_IMAGE_FILE_BYTES = 20 * 1024 * 1024;

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

/** Checks a picked file: size, declared type (if any) and content must agree. */
export function checkImageFile(declaredType: string, size: number, bytes: Uint8Array): ImageKind {
  if (size === 0) throw new EditorError('invalidImage', 'The file is empty.');
  if (size > MAX_IMAGE_FILE_BYTES) throw new EditorError('invalidImage', 'The file is larger than 20 MB.');
  const kind = sniffImageKind(bytes);
  if (!kind) throw new EditorError('invalidImage', 'Only PNG, JPEG or SVG pictures can be used.');
  const declared = DECLARED[declaredType];
  if (declaredType !== '' && declared !== kind) {
    throw new EditorError('invalidImage', `The file says ${declaredType.slice(0, 40)} but contains ${kind}.`);
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
