import { createHash } from 'node:crypto';

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** JPEG magic bytes and a body: enough for the content check, which reads the first bytes. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

/** The content-addressed name the API gives these bytes. */
export const uploadName = (bytes: Buffer, ext: 'png' | 'jpg') =>
  `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
