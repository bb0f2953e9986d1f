// Session 26, hostile26: what the metadata stripper (src/uploads/stripImageMetadata.ts) kept because it dropped only
// the chunks it named. A PNG from ImageMagick carries its EXIF (GPS position, owner) in the pre-standard 'exIf'
// chunk, which ImageMagick and exiftool read as EXIF; 'zxIf' and C2PA's 'caBX' are other programs' names. A JPEG's
// JFXX segment (APP0) holds a thumbnail: the photo as taken, before the shopper cropped it. Now every ancillary PNG
// chunk that does not describe the pixels goes, and APP0 stays only as JFIF; uploads checked by the earlier
// stripper are checked once more after the start (migration 045).
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { paths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbFileStore } from '../src/files/fileStore';
import { stripImageMetadata } from '../src/uploads/stripImageMetadata';
import { cleanStoredUploads, uncheckedFiles } from '../src/uploads/stripStoredUploads';
import { PLAIN_JPEG } from './support/cameraJpeg';
import { PNG, pngChunk as chunk, pngWith } from './support/images';
import { type Api, makeApi, restartableApi } from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const SECRET = 'GPSLatitude 52,31.2N Greta Maler';

const secretChunks = ['exIf', 'zxIf', 'caBX', 'prVt', 'eXIf', 'iTXt'].map((type) =>
  chunk(type, Buffer.from(`Exif\0\0${SECRET}`, 'latin1')),
);
/** Chunks that say how the pixels look, or an APNG's frames: kept. */
const pixelChunks = [
  chunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
  chunk('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
  chunk('acTL', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0])),
];

/** The plain JPEG with an APP0 segment of `body` after its SOI. */
function jpegWithApp0(body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe0, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([PLAIN_JPEG.subarray(0, 2), head, body, PLAIN_JPEG.subarray(2)]);
}
/** A JFXX extension with a JPEG thumbnail (extension code 0x10) holding the secret. */
const JFXX = jpegWithApp0(Buffer.from(`JFXX\0\x10\xff\xd8${SECRET}\xff\xd9`, 'latin1'));
const JFIF = Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1');
/** JFIF's own 11x1 RGB thumbnail (the photo before the crop), here the secret's letters, and bytes after it. */
const JFIF_THUMBNAIL = jpegWithApp0(
  Buffer.concat([
    JFIF.subarray(0, 12),
    Buffer.from(`\x0b\x01${SECRET.padEnd(33)}Exif\0\0${SECRET}`, 'latin1'),
  ]),
);

/** The 1x1 PNG with `chunks` right after its IHDR, before the pixels (where iCCP and acTL belong). */
const pngBeforePixels = (...chunks: Buffer[]) =>
  Buffer.concat([PNG.subarray(0, 33), ...chunks, PNG.subarray(33)]);

const hasSecret = (bytes: Buffer) => bytes.includes(Buffer.from(SECRET, 'latin1'));

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(async () => {
  await api.close();
});
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function upload(bytes: Buffer): Promise<Buffer> {
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(bytes)]), 'photo.png');
  const res = await api.inject({ method: 'POST', url: paths.cart.addItemImage, payload: form });
  expect(res.statusCode).toBe(200);
  const path = new URL((JSON.parse(res.body) as { url: string }).url).pathname;
  return (await api.inject({ method: 'GET', url: path })).rawPayload;
}

describe('metadata under names the stripper did not list', () => {
  it('drops every PNG chunk that does not describe the pixels, and keeps those that do', async () => {
    for (const secret of secretChunks) {
      const stored = await upload(pngWith(secret, ...pixelChunks));
      expect(hasSecret(stored), secret.toString('latin1', 4, 8)).toBe(false);
      expect(stored).toEqual(pngWith(...pixelChunks));
    }
  });

  it("drops a JPEG's JFXX thumbnail and keeps its JFIF header", async () => {
    const stored = await upload(JFXX);
    expect(hasSecret(stored)).toBe(false);
    expect(stored).toEqual(PLAIN_JPEG);
    expect(stripImageMetadata(jpegWithApp0(JFIF), 'jpg')).toEqual(jpegWithApp0(JFIF));
  });

  it('checks the uploads the earlier stripper passed once more after the upgrade', async () => {
    const start = await restartableApi(cleanups, 'lp-recheck-uploads-');
    const older = await start();
    await undoMigrationsFrom(older.db, 45);
    // Stored and marked checked by the session 25 stripper, which let these through.
    for (const [bytes, ext] of [
      [pngWith(secretChunks[0]!), 'png'],
      [JFXX, 'jpg'],
      [JFIF_THUMBNAIL, 'jpg'],
    ] as const) {
      const sha = createHash('sha256').update(bytes).digest('hex');
      await dbFileStore(older.db).put(
        `uploads/${sha}.${ext}`,
        bytes,
        `image/${ext === 'png' ? 'png' : 'jpeg'}`,
        true,
      );
    }
    expect(await uncheckedFiles(older.db)).toBe(0);
    await older.close();

    const upgraded = await start();
    await cleanStoredUploads(upgraded.db);
    expect(await uncheckedFiles(upgraded.db)).toBe(0);
    const rows = await upgraded.db.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_files');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(hasSecret(Buffer.from(row.bytes))).toBe(false);
  });
});

// Session 26, stripfix26 (from review26b): what the allow-lists above still kept.
describe('free text and hidden bytes in the kept segments and chunks', () => {
  it("keeps JFIF's 14-byte header with its density, without its thumbnail or anything after it", async () => {
    const stored = await upload(JFIF_THUMBNAIL);
    expect(hasSecret(stored)).toBe(false);
    expect(stored).toEqual(jpegWithApp0(JFIF));
  });

  it('drops the palette suggestions, and frame chunks no decoder shows without an acTL before the pixels', async () => {
    const frame = chunk('fcTL', Buffer.from(SECRET, 'latin1'));
    const frameData = chunk('fdAT', Buffer.from(SECRET, 'latin1'));
    for (const hidden of [
      chunk('sPLT', Buffer.from(`${SECRET}\0\x08`, 'latin1')),
      chunk('hIST', Buffer.alloc(2)),
      frame,
    ])
      expect(await upload(pngWith(hidden))).toEqual(PNG);
    expect(await upload(pngBeforePixels(frame, frameData))).toEqual(PNG);
    // With an acTL before the pixels they are an APNG's frames: kept.
    const animated = pngBeforePixels(pixelChunks[2]!, frame, frameData);
    expect(stripImageMetadata(animated, 'png')).toBe(animated);
  });

  it("names every colour profile 'ICC Profile' and keeps the profile and a valid CRC", async () => {
    const profile = deflateSync(Buffer.alloc(128, 7));
    const iccp = (name: string) => {
      const named = chunk('iCCP', Buffer.concat([Buffer.from(`${name}\0\0`, 'latin1'), profile]));
      named.writeUInt32BE(crc32(named.subarray(4, named.length - 4)), named.length - 4);
      return named;
    };
    const stored = await upload(pngBeforePixels(iccp(SECRET)));
    expect(stored).toEqual(pngBeforePixels(iccp('ICC Profile')));
    const plain = pngBeforePixels(iccp('ICC Profile'));
    expect(stripImageMetadata(plain, 'png')).toBe(plain);
  });
});
