import { readdirSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, call, makeApi } from './support/testApi';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

let api: Api;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'lp-upload-test-'));
  api = await makeApi({ uploadDir, publicUrl: 'https://api.example.test' });
});
afterAll(async () => {
  await api.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

function upload(parts: { image?: Buffer; name?: string; companyId?: string }) {
  const form = new FormData();
  if (parts.companyId !== undefined) form.append('CompanyId', parts.companyId);
  if (parts.image) form.append('Image', new Blob([new Uint8Array(parts.image)]), parts.name ?? 'image.jpg');
  return api.inject({ method: 'POST', url: paths.cart.addItemImage, payload: form });
}

describe('addCartItemImage', () => {
  it('stores a PNG named image.jpg (the editor) and serves it as image/png', async () => {
    const res = await upload({ image: PNG, name: 'image.jpg', companyId: '1001' });
    expect(res.statusCode).toBe(200);
    const { url } = JSON.parse(res.body) as { url: string };
    expect(url).toMatch(/^https:\/\/api\.example\.test\/uploads\/[a-f0-9]{64}\.png$/);
    const served = await api.inject({ method: 'GET', url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('stores a JPEG as .jpg and the same bytes only once', async () => {
    const a = JSON.parse((await upload({ image: JPEG, name: 'photo.png', companyId: '1001' })).body) as {
      url: string;
    };
    const b = JSON.parse((await upload({ image: JPEG, companyId: '1001' })).body) as { url: string };
    expect(a.url).toMatch(/\.jpg$/);
    expect(a.url).toBe(b.url);
    expect(readdirSync(uploadDir).filter((f) => f.endsWith('.jpg'))).toHaveLength(1);
  });

  it('refuses text dressed up as a PNG', async () => {
    const res = await upload({
      image: Buffer.from('<svg onload=alert(1)>'),
      name: 'evil.png',
      companyId: '1001',
    });
    expect(res.statusCode).toBe(415);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 415,
      message: 'The image must be a PNG or JPEG file.',
    });
  });

  it('refuses an image over 10 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload({ image: big, companyId: '1001' });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ status: 413, message: 'The image is larger than 10 MB.' });
  });

  it.each([
    ['no image', { companyId: '1001' }, 400, 'The parameter Image cannot be null.'],
    [
      'an empty image',
      { image: Buffer.alloc(0), companyId: '1001' },
      400,
      'The parameter Image cannot be null.',
    ],
    ['no company', { image: PNG }, 400, 'The parameter CompanyId cannot be null.'],
    ['a text company', { image: PNG, companyId: '1 OR 1=1' }, 400, 'CompanyId must be a number.'],
    ['an unknown company', { image: PNG, companyId: '999' }, 404, 'Company 999 not found.'],
  ])('answers %s with %i', async (_, parts, status, message) => {
    const res = await upload(parts);
    expect(res.statusCode).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ status, message });
  });

  it('refuses a JSON body', async () => {
    const res = await call(api, 'POST', paths.cart.addItemImage, { body: { Image: 'x', CompanyId: 1001 } });
    expect(res.status).toBe(415);
  });

  it('serves nothing outside the upload folder', async () => {
    for (const path of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      `/uploads/${'0'.repeat(64)}.png`,
      '/uploads/x.svg',
    ]) {
      expect((await api.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    }
  });
});
