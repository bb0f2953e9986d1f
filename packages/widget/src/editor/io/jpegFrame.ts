import { EditorError } from '../model/editorError';
import { isFrameMarker } from './imageFile';

/** Bytes read at a time while walking a JPEG's segments past the head. */
const WINDOW_BYTES = 128 * 1024;
/**
 * Segments walked at most before the frame header. A 20 MB file of full 64 KB segments has about 320; a camera's
 * JPEG a dozen, a portrait photo with a depth map in extended XMP some dozens.
 */
export const MAX_JPEG_SEGMENTS = 4096;

/**
 * A JPEG's width and height from its frame header (SOFn), however far into the file it lies (session 26 review:
 * five 60 KB APP segments push it past the head read before decoding, and the pixel guard was skipped). Follows
 * the segment lengths, reading the file in windows through `Blob.slice`, so a file is never read whole, and steps
 * over what a decoder skips between segments. Null when the scan data or the file's end comes first (decoding
 * decides); a file with more than MAX_JPEG_SEGMENTS segments (or skipped runs) before its frame header is refused
 * as unreadable, as no camera writes one.
 */
export async function jpegFrameSize(file: Blob): Promise<{ width: number; height: number } | null> {
  let start = 0;
  let bytes = new Uint8Array(0);
  let at = 2;
  for (let segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
    if (at + 9 > file.size) return null;
    if (at < start || at + 9 > start + bytes.length) {
      start = at;
      bytes = new Uint8Array(await file.slice(at, at + WINDOW_BYTES).arrayBuffer());
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset + (at - start), 9);
    const marker = view.getUint8(1);
    if (view.getUint8(0) !== 0xff || marker === 0) {
      // Stray bytes or a stuffed FF 00 between segments: a browser's decoder (libjpeg's next_marker) discards them
      // and reads on, and so does the walk, to the next 0xFF (each step counted). Session 27 (review27): stopping
      // here skipped the pixel guard for a file one stray byte after big APP segments.
      const next = bytes.indexOf(0xff, at - start + 1);
      at = next < 0 ? start + bytes.length : start + next;
      continue;
    }
    if (marker === 0xda) return null;
    if (isFrameMarker(marker)) return { width: view.getUint16(7), height: view.getUint16(5) };
    // A fill byte; RSTn and TEM carry no length.
    at += marker === 0xff ? 1 : marker === 1 || (marker & 0xf8) === 0xd0 ? 2 : 2 + view.getUint16(2);
  }
  throw new EditorError('invalidImage', 'Too many JPEG segments before the frame header.', {
    reason: 'unreadable',
  });
}
