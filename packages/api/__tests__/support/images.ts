import { createHash } from 'node:crypto';
import { PLAIN_JPEG } from './cameraJpeg';

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A real 4x2 JPEG without metadata: an upload whose segments cannot be followed is refused (session 25, stripfix). */
export const JPEG = PLAIN_JPEG;

/** The content-addressed name the API gives these bytes. */
export const uploadName = (bytes: Buffer, ext: 'png' | 'jpg') =>
  `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
