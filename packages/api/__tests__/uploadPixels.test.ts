// A picture's header may claim 65,535 x 65,535 pixels in a few KB: whoever decodes the stored upload later (the
// operator's print file view, the print shop's RIP, the shop's pages showing a line's design) would need 17 GB. The
// print editor refuses it before decoding; a direct SDK or curl caller skips the editor, so the API refuses it too
// (src/uploads/pixelLimit.ts), with the same limit. Real requests over a socket, PGlite or PostgreSQL.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { MAX_IMAGE_PIXELS, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS as EDITOR_MAX_IMAGE_PIXELS } from '../../widget/src/editor/io/imageFile';
import { cleanStoredUploads } from '../src/uploads/stripStoredUploads';
import { JPEG, PNG, uploadName } from './support/images';
import { type Api, makeApi } from './support/testApi';

let api: Api;
let origin: string;
beforeAll(async () => {
  api = await makeApi();
  await api.listen({ port: 0, host: '127.0.0.1' });
  const address = api.server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await api.close();
});

/** The 1x1 PNG with its IHDR saying `width` x `height` (the CRC computed anew, as a made-up bomb has it). */
function pngSized(width: number, height: number): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};
/** Where the 4x2 JPEG's frame header (SOF0) starts. */
const SOF = JPEG.indexOf(Buffer.from([0xff, 0xc0, 0x00, 0x11]));

/** The 4x2 JPEG with its frame header saying `width` x `height`, and `before` inserted in front of that header. */
function jpegSized(width: number, height: number, before: Buffer[] = []): Buffer {
  const jpeg = Buffer.from(JPEG);
  jpeg.writeUInt16BE(height, SOF + 5);
  jpeg.writeUInt16BE(width, SOF + 7);
  return Buffer.concat([jpeg.subarray(0, SOF), ...before, jpeg.subarray(SOF)]);
}
/** Five APP3 segments of 60 KB: the frame header lies 300 KB into the file (past the editor's first read). */
const bigApps = Array.from({ length: 5 }, () => segment(0xe3, Buffer.alloc(60_000, 0x41)));

async function post(bytes: Buffer) {
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(bytes)]), 'image.jpg');
  const res = await fetch(`${origin}${paths.cart.addItemImage}`, { method: 'POST', body: form });
  return {
    status: res.status,
    body: (await res.json()) as { code?: string; message?: string; url?: string },
  };
}

const storedUploads = async () =>
  (
    await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM stored_files WHERE key LIKE 'uploads/%'",
    )
  )[0]!.n;

/** Uploads `bytes`, expects the refusal `code`, and that nothing was stored. */
async function expectRefused(bytes: Buffer, code: string): Promise<string> {
  const before = await storedUploads();
  const { status, body } = await post(bytes);
  expect({ status, code: body.code }).toEqual({ status: 400, code });
  expect(await storedUploads()).toBe(before);
  return body.message!;
}

describe('the pixel limit of uploads', () => {
  it('is the print editor’s limit', () => {
    expect(MAX_IMAGE_PIXELS).toBe(52_000_000);
    expect(EDITOR_MAX_IMAGE_PIXELS).toBe(MAX_IMAGE_PIXELS);
  });

  it('refuses a PNG whose IHDR says 65,535 x 65,535, and stores nothing', async () => {
    const bomb = pngSized(65_535, 65_535);
    expect(bomb.length).toBeLessThan(100);
    const message = await expectRefused(bomb, 'upload-too-many-pixels');
    expect(message).toContain('65535 x 65535 pixels');
    expect((await fetch(`${origin}/uploads/${uploadName(bomb, 'png')}`)).status).toBe(404);
  });

  it('refuses a JPEG whose frame header says 65,535 x 65,535 behind 300 KB of APP segments', async () => {
    const bomb = jpegSized(65_535, 65_535, bigApps);
    expect(bomb.length).toBeGreaterThan(300_000);
    await expectRefused(bomb, 'upload-too-many-pixels');
    // Without the APP segments, too.
    await expectRefused(jpegSized(65_535, 65_535), 'upload-too-many-pixels');
  });

  it('refuses a JPEG bomb behind FF 00 or stray bytes (its segments cannot be followed), and stores nothing', async () => {
    await expectRefused(jpegSized(65_535, 65_535, [...bigApps, Buffer.from([0xff, 0x00])]), 'upload-invalid');
    await expectRefused(jpegSized(65_535, 65_535, [...bigApps, Buffer.from([0x12, 0x34])]), 'upload-invalid');
  });

  it('refuses a JPEG with a second frame header over the limit', async () => {
    // libjpeg stops at a second one, another reader may take it.
    const sofEnd = SOF + 2 + JPEG.readUInt16BE(SOF + 2);
    const huge = Buffer.from(JPEG.subarray(SOF, sofEnd));
    huge.writeUInt16BE(65_535, 5);
    huge.writeUInt16BE(65_535, 7);
    const twoFrames = Buffer.concat([JPEG.subarray(0, sofEnd), huge, JPEG.subarray(sofEnd)]);
    await expectRefused(twoFrames, 'upload-too-many-pixels');
  });

  it('stores pictures up to the limit: a phone’s 50 MP photo, exactly 52 MP, and 1 x 1', async () => {
    for (const bytes of [
      jpegSized(8192, 6144, bigApps), // 50.3 MP, Sony's 50 MP sensors
      jpegSized(8000, 6500), // 52,000,000 exactly
      pngSized(8000, 6500),
      PNG, // 1 x 1
      JPEG,
    ]) {
      const { status, body } = await post(bytes);
      expect(status, body.message).toBe(200);
      const served = await fetch(body.url!);
      expect(served.status).toBe(200);
    }
    await expectRefused(jpegSized(8000, 6501), 'upload-too-many-pixels');
    await expectRefused(pngSized(6501, 8000), 'upload-too-many-pixels');
  });

  it('refuses a picture of 0 pixels or without a size', async () => {
    expect(await expectRefused(pngSized(0, 0), 'upload-invalid')).toContain('0 x 0');
    await expectRefused(pngSized(1, 0), 'upload-invalid');
    await expectRefused(jpegSized(0, 0), 'upload-invalid');
    await expectRefused(jpegSized(4, 0), 'upload-invalid');
    // A PNG whose first chunk is no IHDR, a JPEG without a frame header.
    const noIhdr = Buffer.concat([PNG.subarray(0, 8), PNG.subarray(33)]);
    expect(await expectRefused(noIhdr, 'upload-invalid')).toContain('IHDR');
    const sofEnd = SOF + 2 + JPEG.readUInt16BE(SOF + 2);
    expect(
      await expectRefused(Buffer.concat([JPEG.subarray(0, SOF), JPEG.subarray(sofEnd)]), 'upload-invalid'),
    ).toContain('frame header');
  });

  it('keeps serving an over-limit file stored before, and the stored-file cleaning neither deletes nor fails on it', async () => {
    // As an earlier version stored it: unchecked, with a text chunk the cleaning drops.
    const text = Buffer.from('\0\0\0\x0btEXtAuthor\0Anna\0\0\0\0', 'latin1');
    const bomb = Buffer.concat([pngSized(65_535, 65_535).subarray(0, 33), text, PNG.subarray(33)]);
    const sha = createHash('sha256').update(bomb).digest('hex');
    const key = `uploads/${sha}.png`;
    await api.db.query(
      "INSERT INTO stored_files (key, content_type, bytes, size) VALUES ($1, 'image/png', $2, $3)",
      [key, bomb, bomb.length],
    );
    await api.db.query(
      "INSERT INTO uploads (sha256, ext, content_type, size_bytes, company_id) VALUES ($1, 'png', 'image/png', $2, 1001)",
      [sha, bomb.length],
    );
    const result = await cleanStoredUploads(api.db);
    expect(result).toMatchObject({ cleaned: 1 });
    const [row] = await api.db.query<{ metadata_checked: boolean }>(
      'SELECT metadata_checked FROM stored_files WHERE key = $1',
      [key],
    );
    expect(row?.metadata_checked).toBe(true);
    const served = await fetch(`${origin}/${key}`);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(pngSized(65_535, 65_535))).toBe(true);
  });
});
