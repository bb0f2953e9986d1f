// A shopper's phone photo carries where it was taken and whose camera took it (EXIF GPS, Artist, XMP). The shop
// needs the pixels only (DSGVO data minimisation): the API keeps and serves the picture without that metadata, for
// new uploads (src/uploads/stripImageMetadata.ts) and, by migration 043's data step, for those stored before.
import { createHash } from 'node:crypto';
import { paths } from '@lp/sdk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../src/uploads/stripImageMetadata';
import {
  LATITUDE_BYTES,
  orientationOf,
  PERSONAL,
  PLAIN_JPEG,
  withCameraMetadata,
} from './support/cameraJpeg';
import { PNG } from './support/images';
import { type Api, makeApi, restartableApi } from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

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

async function upload(bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(bytes)]), 'IMG_0042.jpg');
  const res = await api.inject({ method: 'POST', url: paths.cart.addItemImage, payload: form });
  expect(res.statusCode).toBe(200);
  return new URL((JSON.parse(res.body) as { url: string }).url).pathname;
}

const download = async (path: string) => (await api.inject({ method: 'GET', url: path })).rawPayload;

function expectNothingPersonal(bytes: Buffer) {
  for (const text of PERSONAL) expect(bytes.includes(Buffer.from(text, 'latin1')), text).toBe(false);
  expect(bytes.includes(LATITUDE_BYTES), 'GPS latitude').toBe(false);
}

/** A PNG with a text chunk (the place programs write author, comments and GPS in PNGs) before its IEND. */
function pngWithText(text: string): Buffer {
  const body = Buffer.from(`Author\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  body.copy(chunk, 8); // the CRC is not checked by the stripper; a reader would skip a bad ancillary chunk
  const iend = PNG.length - 12;
  return Buffer.concat([PNG.subarray(0, iend), chunk, PNG.subarray(iend)]);
}

describe('upload metadata', () => {
  it('keeps a camera photo without GPS position, owner, XMP, comment or appended preview', async () => {
    const photo = withCameraMetadata(PLAIN_JPEG);
    expect(photo.includes(Buffer.from('Greta Maler'))).toBe(true);
    const path = await upload(photo);
    const served = await download(path);
    expectNothingPersonal(served);
    // The picture itself, byte for byte: SOI plus every segment of the plain file (it had no metadata).
    expect(served.equals(PLAIN_JPEG)).toBe(true);
    const [stored] = await api.db.query<{ bytes: Uint8Array }>(
      'SELECT bytes FROM stored_files WHERE key = $1',
      [path.slice(1)],
    );
    expectNothingPersonal(Buffer.from(stored!.bytes));
    // Content-addressed by what is kept: the name is the hash of the served bytes.
    expect(path).toBe(`/uploads/${createHash('sha256').update(served).digest('hex')}.jpg`);
  });

  it('keeps the orientation, so a portrait stored sideways (EXIF 6) still shows upright', async () => {
    const served = await download(await upload(withCameraMetadata(PLAIN_JPEG, 6)));
    expectNothingPersonal(served);
    expect(orientationOf(served)).toBe(6);
    expect(served.subarray(-2).toString('hex')).toBe('ffd9');
  });

  it('drops PNG text chunks and bytes after IEND', async () => {
    const png = Buffer.concat([pngWithText(PERSONAL[0]!), Buffer.from('trailing Gartenweg')]);
    const served = await download(await upload(png));
    expectNothingPersonal(served);
    expect(served.equals(PNG)).toBe(true);
  });

  it.each([
    ['JPEG signature and zeros', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)])],
    ['a segment longer than the file', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3])],
    ['a scan without EOI', PLAIN_JPEG.subarray(0, PLAIN_JPEG.length - 2)],
  ])('copies what it cannot follow verbatim (%s)', (_, bytes) => {
    expect(stripImageMetadata(bytes, 'jpg').equals(bytes)).toBe(true);
  });

  it('copies a truncated PNG verbatim and survives a huge chunk length', () => {
    const cut = PNG.subarray(0, 30);
    expect(stripImageMetadata(cut, 'png').equals(cut)).toBe(true);
    const huge = Buffer.concat([
      PNG.subarray(0, 8),
      Buffer.from([0xff, 0xff, 0xff, 0xff]),
      Buffer.from('tEXt'),
    ]);
    expect(stripImageMetadata(huge, 'png').equals(huge)).toBe(true);
  });
});

describe('migration 043', () => {
  it('cleans the uploads an older release stored with their metadata, keeping their URL and orientation', async () => {
    const start = await restartableApi(cleanups, 'lp-043-');
    const older = await start();
    // What an older release stored: the phone's file as it came, named by its own hash, referenced by that name.
    const photo = withCameraMetadata(PLAIN_JPEG, 6);
    const sha = createHash('sha256').update(photo).digest('hex');
    const png = pngWithText(PERSONAL[0]!);
    const pngSha = createHash('sha256').update(png).digest('hex');
    await undoMigrationsFrom(older.db, 43);
    for (const [name, bytes, type] of [
      [`${sha}.jpg`, photo, 'image/jpeg'],
      [`${pngSha}.png`, png, 'image/png'],
    ] as const) {
      await older.db.query(
        'INSERT INTO stored_files (key, content_type, bytes, size) VALUES ($1, $2, $3, $4)',
        [`uploads/${name}`, type, bytes, bytes.length],
      );
      await older.db.query(
        `INSERT INTO uploads (sha256, ext, content_type, size_bytes, company_id) VALUES ($1, $2, $3, $4, 1001)`,
        [name.slice(0, 64), name.slice(65), type, bytes.length],
      );
    }
    // An upload without metadata is left as it is.
    await older.db.query(
      "INSERT INTO stored_files (key, content_type, bytes, size) VALUES ($1, 'image/png', $2, $3)",
      [`uploads/${'0'.repeat(64)}.png`, PNG, PNG.length],
    );
    await older.close();

    const upgraded = await start();
    const served = (await upgraded.inject({ method: 'GET', url: `/uploads/${sha}.jpg` })).rawPayload;
    expectNothingPersonal(served);
    // Upright as before: the sideways-stored pixels keep their orientation 6.
    expect(orientationOf(served)).toBe(6);
    const [stored] = await upgraded.db.query<{ bytes: Uint8Array; size: number }>(
      'SELECT bytes, size FROM stored_files WHERE key = $1',
      [`uploads/${sha}.jpg`],
    );
    expect(Buffer.from(stored!.bytes).equals(served)).toBe(true);
    expect(stored!.size).toBe(served.length);
    const [row] = await upgraded.db.query<{ size_bytes: number }>(
      'SELECT size_bytes FROM uploads WHERE sha256 = $1',
      [sha],
    );
    expect(row!.size_bytes).toBe(served.length);
    const cleanPng = (await upgraded.inject({ method: 'GET', url: `/uploads/${pngSha}.png` })).rawPayload;
    expect(cleanPng.equals(PNG)).toBe(true);
    const untouched = (await upgraded.inject({ method: 'GET', url: `/uploads/${'0'.repeat(64)}.png` }))
      .rawPayload;
    expect(untouched.equals(PNG)).toBe(true);
  }, 60_000);
});
