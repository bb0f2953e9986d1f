import { crc32 } from 'node:zlib';

/**
 * Removes what a camera or an editing program writes next to the picture: EXIF (GPS position, owner and camera
 * serial), XMP, IPTC, comments and text chunks. A shopper's photo is uploaded for its pixels; the shop has no use
 * for where it was taken and must not keep or publish it (DSGVO Art. 5 (1) c, data minimisation). The pixels stay
 * byte for byte: segments are dropped, nothing is decoded or re-encoded.
 *
 * One pass, linear in the file's size: the output is cut only where something is dropped (a run of kept segments is
 * one piece), and a file with nothing to drop comes back as the same Buffer, not a copy (session 25, stripfix).
 */

/** Width and height as a picture's header declares them (PNG IHDR, JPEG frame header). */
export interface PixelSize {
  width: number;
  height: number;
}

/**
 * The cleaned bytes and the size the walk read on its way (none when the header has none: pixelLimit.ts), or why an
 * uploaded file is refused (400 `upload-invalid`, uploadRoutes.ts).
 */
export type StripOutcome = { kept: Buffer; size?: PixelSize } | { refused: string };

/**
 * For a new upload: a JPEG whose segments cannot be followed to its first scan (a browser cannot show it either,
 * and what follows the bad length would stay unread) or with more segments than any camera writes is refused.
 */
export function stripOrRefuse(bytes: Buffer, ext: 'png' | 'jpg'): StripOutcome {
  return ext === 'png' ? stripPng(bytes) : stripJpeg(bytes, false);
}

/**
 * For a file stored already (the background cleaning, serving): cleaned like an upload, but never refused, since
 * refusing cannot undo its storing. Where an upload would be refused, the walk goes on as a browser's decoder does:
 * stray bytes and FF 00 between segments are stepped over to the next marker, and from a point it cannot follow (a
 * bad length, the segment bound) the rest is kept as it is, what came before cleaned. Session 25 (review): such a
 * file was left whole, so one stray byte after a photo's EXIF kept its GPS position and owner in storage and on
 * every GET.
 */
export function stripImageMetadata(bytes: Buffer, ext: 'png' | 'jpg'): Buffer {
  if (ext === 'png') return stripPng(bytes).kept;
  const outcome = stripJpeg(bytes, true);
  return 'kept' in outcome ? outcome.kept : bytes;
}

/** The output: runs of kept bytes are cut only where a segment is dropped or replaced. */
class KeptRuns {
  private readonly pieces: Buffer[] = [];
  private runStart = 0;
  constructor(private readonly bytes: Buffer) {}

  drop(from: number, to: number, replacement?: Buffer): void {
    if (from > this.runStart) this.pieces.push(this.bytes.subarray(this.runStart, from));
    if (replacement) this.pieces.push(replacement);
    this.runStart = to;
  }

  /** Everything kept up to `end`; what follows `end` is dropped. */
  upTo(end: number): Buffer {
    if (this.pieces.length === 0 && this.runStart === 0 && end === this.bytes.length) return this.bytes;
    this.drop(end, end);
    return Buffer.concat(this.pieces);
  }
}

const chunkType = (name: string) => Buffer.from(name, 'latin1').readUInt32BE(0);
/**
 * The ancillary PNG chunks that are kept: how the pixels look (transparency, colour, gamma, pixel size, background,
 * palette use) and an APNG's frames. Every other ancillary chunk (a lower-case first letter) is dropped: text and
 * EXIF ('tEXt', 'zTXt', 'iTXt', 'eXIf'), the modification time, and what programs write under names of their own.
 * Session 26 (hostile26): a list of what to drop kept ImageMagick's pre-standard 'exIf' chunk, which it and exiftool
 * read as EXIF (GPS position, owner), 'zxIf' and C2PA's 'caBX'. Critical chunks (upper case) are all kept: a decoder
 * stops at one it does not know, so the picture is the same. Session 26 (stripfix26, from review26b): 'sPLT' (a named
 * palette suggestion) and 'hIST' change no pixel and are dropped; an APNG's frame chunks are kept only where a
 * decoder shows them (stripPng), and the colour profile's free-text name is replaced (iccpNamedPlainly).
 * Each with the most bytes the PNG and APNG specifications define for it: session 27 (pixelguard, from hostile27's
 * F3), a 'pHYs' of 9 bytes and a text after them was kept whole. libpng ignores a chunk of another length as
 * invalid, so a longer one is dropped (cutting it to its length would give it an effect it did not have); a shorter
 * one holds no bytes to hide. 'fcTL' (26 bytes) is not held to its length yet (decisions.md, session 27).
 */
const ANY_LENGTH = Number.POSITIVE_INFINITY;
const PNG_KEPT = new Map(
  Object.entries({
    tRNS: 256,
    gAMA: 4,
    cHRM: 32,
    sRGB: 1,
    iCCP: ANY_LENGTH,
    sBIT: 4,
    bKGD: 6,
    pHYs: 9,
    cICP: 4,
    mDCV: 24,
    mDCv: 24,
    cLLI: 8,
    cLLi: 8,
    acTL: 8,
    fcTL: ANY_LENGTH,
    fdAT: ANY_LENGTH,
  }).map(([name, most]) => [chunkType(name), most] as const),
);
/** Bit 5 of a chunk type's first byte: a lower-case first letter, an ancillary chunk a decoder may skip. */
const ANCILLARY = 0x20_00_00_00;
const IHDR = chunkType('IHDR');
const IEND = chunkType('IEND');
const IDAT = chunkType('IDAT');
const ICCP = chunkType('iCCP');
const ACTL = chunkType('acTL');
const FCTL = chunkType('fcTL');
const FDAT = chunkType('fdAT');

function stripPng(bytes: Buffer): { kept: Buffer; size?: PixelSize } {
  const out = new KeptRuns(bytes);
  // A decoder reads the size from the IHDR that must come first (13 bytes: width, height, ...), and nowhere else.
  const size =
    bytes.length >= 24 && bytes.readUInt32BE(12) === IHDR
      ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
      : undefined;
  let at = 8;
  let pixelsBegun = false;
  let animated = false;
  while (at + 8 <= bytes.length) {
    const type = bytes.readUInt32BE(at + 4);
    const length = bytes.readUInt32BE(at);
    // A chunk cut by the file's end runs to the end: a cut text chunk is dropped all the same.
    const end = Math.min(at + 12 + length, bytes.length);
    // An ancillary chunk of the list, no longer than its kind's most.
    const listed = length <= (PNG_KEPT.get(type) ?? -1);
    // An APNG's frames count only with an acTL before the first IDAT (APNG spec; Chromium and Firefox ignore a later
    // one). Without it no decoder shows fcTL/fdAT, so any bytes could hide there.
    if (type === IDAT) pixelsBegun = true;
    if (type === ACTL && !pixelsBegun && listed) animated = true;
    if (type === ICCP) {
      const named = iccpNamedPlainly(bytes.subarray(at, end), end === at + 12 + length);
      if (named !== true) out.drop(at, end, named);
    } else if ((type & ANCILLARY && !listed) || (!animated && (type === FCTL || type === FDAT))) {
      out.drop(at, end);
    }
    at = end;
    // Bytes after IEND are no part of the picture (and a place to hide anything).
    if (type === IEND) return { kept: out.upTo(end), size };
  }
  return { kept: out.upTo(bytes.length), size };
}

/** The name every kept colour profile gets: the chunk's name is free text (1-79 bytes) a program may fill. */
const ICC_NAME = Buffer.from('ICC Profile\0', 'latin1');

/**
 * An iCCP chunk with its profile name replaced by ICC_NAME (the profile itself, which decoders use, stays byte for
 * byte): true when it has that name already, undefined (dropped) when it is cut short or has no name, as a decoder
 * then ignores it. The CRC covers the name, so it is computed anew (zlib.crc32, Node 20.15+).
 */
function iccpNamedPlainly(chunk: Buffer, whole: boolean): Buffer | true | undefined {
  const data = chunk.subarray(8, chunk.length - 4);
  const nameEnd = data.subarray(0, 80).indexOf(0);
  if (!whole || nameEnd < 1) return undefined;
  if (nameEnd + 1 === ICC_NAME.length && data.subarray(0, nameEnd + 1).equals(ICC_NAME)) return true;
  const named = Buffer.concat([Buffer.alloc(8), ICC_NAME, data.subarray(nameEnd + 1), Buffer.alloc(4)]);
  named.writeUInt32BE(named.length - 12, 0);
  chunk.copy(named, 4, 4, 8);
  named.writeUInt32BE(crc32(named.subarray(4, named.length - 4)), named.length - 4);
  return named;
}

/**
 * Segments and markers a JPEG may have before its end. A camera writes fewer than 30, a progressive JPEG's scans
 * and tables a few dozen; restart markers inside a scan are not counted. Far above, so only a file made to keep the
 * stripper busy (millions of empty tables in 10 MB) meets it, and no file costs more than one pass to look at.
 */
export const MAX_JPEG_SEGMENTS = 1_000;

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
/** A frame header (SOF0..SOF15 but DHT C4, JPG C8, DAC CC): precision, height, width, components. */
const frameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers RST0..RST7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Segments that are kept: all that are not APPn or comments, and these APPn. */
function keepJpegSegment(marker: number, body: Buffer): boolean {
  if (marker === COM) return false;
  if (marker < 0xe0 || marker > 0xef) return true; // tables, frame and scan headers, restart interval
  // Session 26 (hostile26): APP0 segments other than JFIF (JFXX) hold a thumbnail, which shows the photo as taken,
  // before the shopper cropped it, and may carry EXIF of its own. JFIF: jfifHeaderOnly; Adobe's APP14: stripJpeg.
  // The colour profile (ICC), not the multi-picture index (MPF) of the appended pictures, which are dropped.
  return marker === APP2 && body.toString('latin1', 0, 12) === 'ICC_PROFILE\0';
}

/**
 * Walks the segments from SOI to EOI, the scans' entropy-coded data skipped (nextMarker), so metadata between the
 * scans of a progressive JPEG is dropped too. Before the first scan every byte must be followed, or the file is
 * refused; after it, a file cut short keeps what it has (a browser shows the part it got).
 */
function stripJpeg(bytes: Buffer, lenient: boolean): StripOutcome {
  const out = new KeptRuns(bytes);
  // A stored file (`lenient`): cleaned up to the point it cannot follow, the rest kept as it is.
  const unreadable = (why: string): StripOutcome =>
    lenient
      ? { kept: out.upTo(bytes.length) }
      : { refused: `The JPEG cannot be read (${why}); a browser cannot show it either.` };
  let at = 2;
  let segments = 0;
  let scanned = false;
  // The size of the frame header with the most pixels: a decoder reads the first and fails at a second (libjpeg's
  // "two SOF markers"), but another reader might take the last, so none may pass the pixel limit.
  let size: PixelSize | undefined;
  while (at < bytes.length) {
    const marker = bytes[at + 1];
    if (bytes[at] !== 0xff) {
      if (!lenient) return unreadable(`no marker at byte ${at}`);
      // Stray bytes before a marker: a decoder skips them, and so does the walk (counted, so it stays bounded).
      const next = bytes.indexOf(0xff, at);
      if (next < 0 || ++segments > MAX_JPEG_SEGMENTS) return unreadable('stray bytes');
      at = next;
      continue;
    }
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === undefined || at + 4 > bytes.length) {
      if (scanned) break;
      return unreadable('it ends before its first scan');
    }
    if (marker === EOI) {
      // Pictures appended after the main one (phones store previews and depth maps there, with their own EXIF).
      if (scanned) return { kept: out.upTo(at + 2), size };
      return unreadable('it ends before its first scan');
    }
    if (++segments > MAX_JPEG_SEGMENTS) {
      if (lenient) return unreadable('too many segments');
      return {
        refused: `The JPEG has more than ${MAX_JPEG_SEGMENTS} segments; a camera writes fewer than 30.`,
      };
    }
    if (standalone(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0 && lenient) {
      // FF 00 between segments: a decoder (libjpeg's next_marker, Chromium) discards it and reads on, so the walk
      // steps over it like stray bytes (counted above). Session 26 (trustfix, from review26): stopping here kept
      // the GPS position and XMP after it in storage and on every GET.
      at += 2;
      continue;
    }
    if (marker === SOI || marker === 0) return unreadable(`marker ${marker} at byte ${at}`);
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return unreadable(`a segment length of ${length} at byte ${at + 2}`);
    let end = at + 2 + length;
    if (end > bytes.length) {
      if (!scanned) return unreadable(`the segment at byte ${at} runs past the end of the file`);
      end = bytes.length;
    }
    const body = bytes.subarray(at + 4, end);
    if (frameHeader(marker) && body.length >= 5) {
      const frame = { width: body.readUInt16BE(3), height: body.readUInt16BE(1) };
      if (!size || frame.width * frame.height > size.width * size.height) size = frame;
    }
    if (marker === APP1 && !scanned) {
      // The orientation counts only before the first scan, where readers look for it.
      const orientation = exifOrientation(body);
      out.drop(at, end, orientation > 1 ? orientationOnly(orientation) : undefined);
    } else if (marker === APP0 && body.toString('latin1', 0, 5) === 'JFIF\0') {
      if (body.length !== JFIF_HEADER || body[12] !== 0 || body[13] !== 0)
        out.drop(at, end, jfifHeaderOnly(body));
    } else if (marker === APP14) {
      // The Adobe colour transform: libjpeg reads its first 12 bytes ('Adobe', version, flags, transform) and ignores
      // any other APP14. Session 27 (pixelguard, from hostile27's F3): it was kept whole, with whatever followed.
      const adobe = body.length >= ADOBE_HEADER && body.toString('latin1', 0, 5) === 'Adobe';
      if (!adobe || body.length > ADOBE_HEADER)
        out.drop(at, end, adobe ? segmentOf(APP14, body.subarray(0, ADOBE_HEADER)) : undefined);
    } else if (!keepJpegSegment(marker, body)) {
      out.drop(at, end);
    }
    at = end;
    if (marker === SOS) {
      scanned = true;
      at = nextMarker(bytes, at);
    }
  }
  return { kept: out.upTo(bytes.length), size };
}

/**
 * Where the entropy-coded data of a scan ends: the first 0xFF that starts a marker. FF 00 is a stuffed data byte,
 * FF D0..D7 a restart marker inside the scan, FF FF a fill byte before a marker.
 */
function nextMarker(bytes: Buffer, from: number): number {
  let at = bytes.indexOf(0xff, from); // native search: a camera's scan is megabytes long
  while (at >= 0 && at + 1 < bytes.length) {
    const next = bytes[at + 1]!;
    if (next === 0xff) {
      at++;
      continue;
    }
    if (next !== 0 && !(next >= 0xd0 && next <= 0xd7)) return at;
    // Dense stuffing or restarts (FF 00 FF 00 ...) are stepped over here, not with a native call for each pair.
    at = bytes[at + 2] === 0xff ? at + 2 : bytes.indexOf(0xff, at + 2);
  }
  return bytes.length;
}

/** Adobe's APP14: 'Adobe', version, two flag words, the colour transform. */
const ADOBE_HEADER = 12;

/** A JPEG segment of `body`. */
function segmentOf(marker: number, body: Buffer): Buffer {
  const segment = Buffer.alloc(4 + body.length);
  segment.writeUInt16BE(0xff00 | marker, 0);
  segment.writeUInt16BE(2 + body.length, 2);
  body.copy(segment, 4);
  return segment;
}

/** JFIF's header: 'JFIF\0', version, density unit, X and Y density, thumbnail width and height. */
const JFIF_HEADER = 14;

/**
 * The JFIF APP0 segment as its 14-byte header with a 0x0 thumbnail, or undefined (dropped) when shorter. Session 26
 * (stripfix26, from review26b): the segment was kept whole, and with it JFIF's own uncompressed thumbnail (the photo
 * before the crop, like JFXX's) and any bytes after the header. The density stays: it sets the printed size.
 */
function jfifHeaderOnly(body: Buffer): Buffer | undefined {
  if (body.length < JFIF_HEADER) return undefined;
  const segment = Buffer.alloc(4 + JFIF_HEADER);
  segment.writeUInt16BE(0xffe0, 0);
  segment.writeUInt16BE(2 + JFIF_HEADER, 2);
  body.copy(segment, 4, 0, JFIF_HEADER - 2); // thumbnail width and height: 0, as allocated
  return segment;
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
