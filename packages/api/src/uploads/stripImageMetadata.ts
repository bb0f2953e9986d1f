/**
 * Removes what a camera or an editing program writes next to the picture: EXIF (GPS position, owner and camera
 * serial), XMP, IPTC, comments and text chunks. A shopper's photo is uploaded for its pixels; the shop has no use
 * for where it was taken and must not keep or publish it (DSGVO Art. 5 (1) c, data minimisation). The pixels stay
 * byte for byte: segments are dropped, nothing is decoded or re-encoded.
 *
 * A file the parser cannot follow is copied verbatim from the first byte it does not understand (a truncated or
 * odd file still shows in a browser as before); what came before that point is cleaned.
 */
export function stripImageMetadata(bytes: Buffer, ext: 'png' | 'jpg'): Buffer {
  return ext === 'png' ? stripPng(bytes) : stripJpeg(bytes);
}

/** PNG chunks that carry words or positions, not pixels or colour: text, EXIF and the last-modified time. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) break;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    // Bytes after IEND are no part of the picture (and a place to hide anything).
    if (type === 'IEND') return Buffer.concat(kept);
  }
  kept.push(bytes.subarray(at));
  return Buffer.concat(kept);
}

const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;

/** Segments before the first scan that are kept: all that are not APPn or comments, and these APPn. */
function keepJpegSegment(marker: number, body: Buffer): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frame header, restart interval
  if (marker === 0xe0 || marker === APP14) return true; // JFIF, Adobe colour transform
  // The colour profile (ICC), not the multi-picture index (MPF) of the appended pictures, which are dropped.
  return marker === APP2 && body.toString('latin1', 0, 12) === 'ICC_PROFILE\0';
}

function stripJpeg(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const end = at + 2 + bytes.readUInt16BE(at + 2);
    if (end > bytes.length || end < at + 4) break;
    const body = bytes.subarray(at + 4, end);
    if (marker === APP1) {
      const orientation = exifOrientation(body);
      if (orientation > 1) kept.push(orientationOnly(orientation));
    } else if (keepJpegSegment(marker, body)) {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
    if (marker === SOS) {
      const stop = endOfImage(bytes, at);
      // Pictures appended after the main one (phones store previews and depth maps there, with their own EXIF).
      kept.push(bytes.subarray(at, stop));
      return Buffer.concat(kept);
    }
  }
  kept.push(bytes.subarray(at));
  return Buffer.concat(kept);
}

/** Where the main picture ends: just after EOI, found past scans, restart markers and between-scan tables. */
function endOfImage(bytes: Buffer, from: number): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    at = bytes.indexOf(0xff, at); // native search: a camera's scan is megabytes long
    if (at < 0 || at + 1 >= bytes.length) break;
    const next = bytes[at + 1]!;
    if (next === EOI) return at + 2;
    if (next === 0 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    // A segment between scans (progressive JPEG: DHT, SOS): skip its body so its bytes are not read as markers.
    if (at + 4 > bytes.length) break;
    at += 1 + bytes.readUInt16BE(at + 2);
  }
  return bytes.length;
}

/** EXIF tag 0x0112 of IFD0 (1 = upright, 2..8 = turned or mirrored), or 0 when absent or unreadable. */
function exifOrientation(body: Buffer): number {
  if (body.toString('latin1', 0, 6) !== 'Exif\0\0' || body.length < 14) return 0;
  const tiff = body.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 0;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 0;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 0;
    }
  }
  return 0;
}

/**
 * An EXIF segment holding the orientation alone: a portrait taken upright is stored sideways with orientation 6,
 * and a client that shows the stored file must still turn it.
 */
function orientationOnly(orientation: number): Buffer {
  const segment = Buffer.alloc(36);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(34, 2);
  segment.write('Exif\0\0MM\0\x2a', 4, 'latin1');
  segment.writeUInt32BE(8, 14); // IFD0 right after the TIFF header
  segment.writeUInt16BE(1, 18); // one entry
  segment.writeUInt16BE(0x0112, 20); // Orientation
  segment.writeUInt16BE(3, 22); // SHORT
  segment.writeUInt32BE(1, 24); // one value
  segment.writeUInt16BE(orientation, 28);
  // bytes 30..35: padding of the value field and "no next IFD", zero already
  return segment;
}
