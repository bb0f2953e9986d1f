import { createHash } from 'node:crypto';
import { PLAIN_JPEG } from './cameraJpeg';

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG chunk of `type` holding `body`. Its CRC is left 0: the cleaner does not check it, a reader skips a bad ancillary chunk. */
export function pngChunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  return out;
}

/** The 1x1 PNG with `chunks` before its IEND. */
export function pngWith(...chunks: Buffer[]): Buffer {
  const iend = PNG.length - 12;
  return Buffer.concat([PNG.subarray(0, iend), ...chunks, PNG.subarray(iend)]);
}

/** A real 4x2 JPEG without metadata: an upload whose segments cannot be followed is refused (session 25, stripfix). */
export const JPEG = PLAIN_JPEG;

/** The content-addressed name the API gives these bytes. */
export const uploadName = (bytes: Buffer, ext: 'png' | 'jpg') =>
  `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
