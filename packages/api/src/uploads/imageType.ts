/** Image kinds the shop accepts, recognised by their first bytes (DESIGN 2: content decides, not the name). */
export type ImageKind = { ext: 'png'; contentType: 'image/png' } | { ext: 'jpg'; contentType: 'image/jpeg' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(bytes, JPEG)) return { ext: 'jpg', contentType: 'image/jpeg' };
  return null;
}
