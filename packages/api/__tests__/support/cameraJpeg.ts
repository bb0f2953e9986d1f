/**
 * A phone camera's JPEG in miniature: a real 4x2 picture (left red, right blue) with what a phone writes around it:
 * EXIF with the orientation, the owner's name and a GPS position, an XMP copy of the position, a comment, and a
 * second picture appended after the first (the preview phones keep there, with EXIF of its own).
 */

/** A real 4x2 JPEG (JFIF, ICC profile, tables, one scan), encoded by @napi-rs/canvas. */
export const PLAIN_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAaEAEAAQUAAAAAAAAAAAAAAAAAAQMFNYGx/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgf/xAAcEQAABwEBAAAAAAAAAAAAAAAAAQIFNXKyAwT/2gAMAwEAAhEDEQA/AIBeMlW1yAFhZI3z0RkgXiQ73Vox/9k=',
  'base64',
);

export const OWNER = 'Greta Maler';
/** 52.5200 N, 13.4050 E as EXIF rationals (degrees, minutes, seconds x 100). */
const LATITUDE = [52, 1, 31, 1, 1200, 100];
const LONGITUDE = [13, 1, 24, 1, 1800, 100];

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** EXIF (big-endian TIFF): IFD0 with Orientation, Artist and the GPS IFD; the GPS IFD with latitude and longitude. */
export function exifSegment(orientation: number, owner = OWNER): Buffer {
  const tiff = Buffer.alloc(200);
  tiff.write('MM\0\x2a', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (short) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  // IFD0 at 8: 3 entries (8 + 2 + 36 + 4 = 50); owner's name at 50, GPS IFD at 80.
  tiff.writeUInt16BE(3, 8);
  entry(10, 0x0112, 3, 1, orientation, true);
  entry(22, 0x013b, 2, owner.length + 1, 50);
  entry(34, 0x8825, 4, 1, 80);
  tiff.write(`${owner}\0`, 50, 'latin1');
  // GPS IFD at 80: 4 entries (80 + 2 + 48 + 4 = 134); latitude at 134, longitude at 158.
  tiff.writeUInt16BE(4, 80);
  entry(82, 0x0001, 2, 2, 0);
  tiff.write('N', 90, 'latin1');
  entry(94, 0x0002, 5, 3, 134);
  entry(106, 0x0003, 2, 2, 0);
  tiff.write('E', 114, 'latin1');
  entry(118, 0x0004, 5, 3, 158);
  for (const [i, n] of LATITUDE.entries()) tiff.writeUInt32BE(n, 134 + i * 4);
  for (const [i, n] of LONGITUDE.entries()) tiff.writeUInt32BE(n, 158 + i * 4);
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff.subarray(0, 182)]));
}

const XMP = Buffer.from(
  'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude="52,31.2N"/></x:xmpmeta>',
  'latin1',
);

/** `jpeg` (a whole JPEG) with a phone's metadata inserted after its SOI and a preview appended after its EOI. */
export function withCameraMetadata(jpeg: Buffer, orientation = 1): Buffer {
  const preview = Buffer.concat([jpeg.subarray(0, 2), exifSegment(1, 'Preview-Owner'), jpeg.subarray(2)]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    exifSegment(orientation),
    segment(0xe1, XMP),
    segment(0xfe, Buffer.from('Urlaub bei Oma, Gartenweg 3', 'latin1')),
    jpeg.subarray(2),
    preview,
  ]);
}

/** The latitude as stored in the GPS IFD: found in the file means the position is in it. */
export const LATITUDE_BYTES = Buffer.concat(
  LATITUDE.map((n) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n, 0);
    return b;
  }),
);

/** Every text a reader of the file could find the shopper by. */
export const PERSONAL = [OWNER, 'Preview-Owner', 'GPSLatitude', 'Gartenweg'];

/** The EXIF orientation a JPEG carries (0 when none), read the simple way these files are written. */
export function orientationOf(jpeg: Buffer): number {
  const at = jpeg.indexOf(Buffer.from('Exif\0\0MM', 'latin1'));
  if (at < 0) return 0;
  const tiff = at + 6;
  const ifd = tiff + jpeg.readUInt32BE(tiff + 4);
  for (let i = 0; i < jpeg.readUInt16BE(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    if (jpeg.readUInt16BE(entry) === 0x0112) return jpeg.readUInt16BE(entry + 8);
  }
  return 0;
}
