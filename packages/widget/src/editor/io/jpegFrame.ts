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
 * the segment lengths, reading the file in windows through `Blob.slice`, so a file is never read whole. Null when
 * the scan data or the file's end comes first (decoding decides); a file with more than MAX_JPEG_SEGMENTS segments
 * before its frame header is refused as unreadable, as no camera writes one.
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
    if (view.getUint8(0) !== 0xff || marker === 0xda) return null;
    if (isFrameMarker(marker)) return { width: view.getUint16(7), height: view.getUint16(5) };
    at += marker === 0xff ? 1 : 2 + view.getUint16(2);
  }
  throw new EditorError('invalidImage', 'Too many JPEG segments before the frame header.', {
    reason: 'unreadable',
  });
}
