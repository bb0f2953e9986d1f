// The chunks and segments the upload cleaner keeps (they say how the pixels look) have lengths their specifications
// define; bytes past them are read by no decoder, and were kept (hostile27, F3): a pHYs of 9 bytes and a text after
// them, an Adobe APP14 with a tail. Such bytes are no longer stored or served (src/uploads/stripImageMetadata.ts).
import { paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_JPEG } from './support/cameraJpeg';
import { PNG, pngChunk as chunk } from './support/images';
import { type Api, makeApi } from './support/testApi';

const SECRET = 'GPSLatitude 52,31.2N Greta Maler';
const secret = Buffer.from(SECRET, 'latin1');
const hasSecret = (bytes: Buffer) => bytes.includes(secret);

/** The 1x1 PNG with `chunks` right after its IHDR, before the pixels. */
const pngBeforePixels = (...chunks: Buffer[]) =>
  Buffer.concat([PNG.subarray(0, 33), ...chunks, PNG.subarray(33)]);

/** The plain JPEG with an APP14 segment of `body` after its SOI. */
function jpegWithApp14(body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffee, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([PLAIN_JPEG.subarray(0, 2), head, body, PLAIN_JPEG.subarray(2)]);
}
/** Adobe's 12 bytes: 'Adobe', version 100, flags 0, 0, transform 1 (YCbCr). */
const ADOBE = Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1');

let api: Api;
beforeAll(async () => {
  api = await makeApi();
});
afterAll(async () => {
  await api.close();
});

async function upload(bytes: Buffer): Promise<Buffer> {
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(bytes)]), 'photo.png');
  const res = await api.inject({ method: 'POST', url: paths.cart.addItemImage, payload: form });
  expect(res.statusCode, res.body).toBe(200);
  const path = new URL((JSON.parse(res.body) as { url: string }).url).pathname;
  return (await api.inject({ method: 'GET', url: path })).rawPayload;
}

describe('kept chunks and segments of their defined length only', () => {
  it('drops a PNG chunk that describes the pixels but is longer than its kind allows', async () => {
    const pHYs = Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]);
    for (const [type, body] of [
      ['pHYs', pHYs],
      ['gAMA', Buffer.from([0, 0, 0xb1, 0x8f])],
      ['sRGB', Buffer.from([0])],
      ['bKGD', Buffer.alloc(6)],
      ['tRNS', Buffer.alloc(256)],
      ['cLLI', Buffer.alloc(8)],
    ] as const) {
      const served = await upload(pngBeforePixels(chunk(type, Buffer.concat([body, secret]))));
      expect(hasSecret(served), type).toBe(false);
      expect(served.equals(PNG), type).toBe(true);
    }
    // Of their own length they stay (a decoder uses them), byte for byte.
    const right = pngBeforePixels(chunk('pHYs', pHYs), chunk('sBIT', Buffer.from([8, 8, 8, 8])));
    expect((await upload(right)).equals(right)).toBe(true);
  });

  it('drops an APNG’s frames when its acTL is longer than 8 bytes (no decoder animates it)', async () => {
    const acTL = chunk('acTL', Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), secret]));
    const fcTL = chunk('fcTL', Buffer.alloc(26));
    const served = await upload(pngBeforePixels(acTL, fcTL));
    expect(served.equals(PNG)).toBe(true);
    // With an acTL of 8 bytes the frames count.
    const animated = pngBeforePixels(chunk('acTL', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0])), fcTL);
    expect((await upload(animated)).equals(animated)).toBe(true);
  });

  it('cuts Adobe’s APP14 to its 12 bytes and drops an APP14 that is not Adobe’s', async () => {
    const exact = jpegWithApp14(ADOBE);
    expect((await upload(exact)).equals(exact)).toBe(true);
    const withTail = await upload(jpegWithApp14(Buffer.concat([ADOBE, secret])));
    expect(hasSecret(withTail)).toBe(false);
    expect(withTail.equals(exact)).toBe(true);
    const other = await upload(jpegWithApp14(Buffer.concat([Buffer.from('Ducky\0'), secret])));
    expect(other.equals(PLAIN_JPEG)).toBe(true);
    const short = await upload(jpegWithApp14(ADOBE.subarray(0, 11)));
    expect(short.equals(PLAIN_JPEG)).toBe(true);
  });
});
