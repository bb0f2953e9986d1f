import { MAX_IMAGE_PIXELS } from '@lp/sdk/contract';
import { badRequest } from '../http/ApiError';
import type { PixelSize } from './stripImageMetadata';

/**
 * The pixel-bomb guard of a new upload (session 27, pixelguard): whoever decodes a stored picture later (the
 * operator's print file view, the print shop's RIP, the shop's pages showing a line's design) allocates it whole,
 * so a 31 KB PNG whose IHDR says 65,535 x 65,535 asks for 17 GB. The print editor refuses such a picture before
 * decoding (its own MAX_IMAGE_PIXELS, the same value); a direct SDK or HTTP caller is refused here. The size is the
 * one stripImageMetadata's walk read (PNG IHDR, JPEG frame header); nothing is decoded.
 *
 * A picture with no size, or a width or height of 0, cannot be shown by any decoder: 400 `upload-invalid`. More
 * than MAX_IMAGE_PIXELS: 400 `upload-too-many-pixels`. Files stored before keep being served (decisions.md).
 */
export function checkPixelSize(ext: 'png' | 'jpg', size: PixelSize | undefined): void {
  if (!size) {
    throw unreadable(
      ext === 'png'
        ? 'The PNG has no IHDR chunk first, so it has no size; a browser cannot show it either.'
        : 'The JPEG has no frame header (SOFn) with its size; a browser cannot show it either.',
    );
  }
  const { width, height } = size;
  if (width === 0 || height === 0) {
    throw unreadable(`The picture is ${width} x ${height} pixels; it needs at least 1 x 1.`);
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badRequest(
      'upload-too-many-pixels',
      `The picture has ${width} x ${height} pixels, more than ${MAX_IMAGE_PIXELS} (52 MP); send it at a lower resolution.`,
      [{ field: 'Image', message: `has more than ${MAX_IMAGE_PIXELS} pixels` }],
    );
  }
}

const unreadable = (message: string) =>
  badRequest('upload-invalid', message, [{ field: 'Image', message: 'is not a readable image' }]);
