import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, paths } from '@lp/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, PNG } from './support/images';
import { type Api, call, makeApi, expectError } from './support/testApi';

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

  it('stores a JPEG as .jpg and the same bytes only once, in the database, not in the folder', async () => {
    const a = JSON.parse((await upload({ image: JPEG, name: 'photo.png', companyId: '1001' })).body) as {
      url: string;
    };
    const b = JSON.parse((await upload({ image: JPEG, companyId: '1001' })).body) as { url: string };
    expect(a.url).toMatch(/\.jpg$/);
    expect(a.url).toBe(b.url);
    const stored = await api.db.query<{ key: string; content_type: string; size: number }>(
      `SELECT key, content_type, size FROM stored_files WHERE key LIKE 'uploads/%.jpg'`,
    );
    expect(stored).toEqual([
      { key: `uploads/${a.url.split('/').pop()}`, content_type: 'image/jpeg', size: JPEG.length },
    ]);
    // The folder option only names legacy files to import (docs/reference/decisions.md).
    expect(readdirSync(uploadDir)).toEqual([]);
    const served = await api.inject({ method: 'GET', url: new URL(a.url).pathname });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
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
      code: 'unsupported-media-type',
      message: 'The image must be a PNG or JPEG file.',
    });
  });

  it('refuses an image over 10 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const res = await upload({ image: big, companyId: '1001' });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      status: 413,
      code: 'upload-too-large',
      message: 'The image is larger than 10 MB.',
    });
  });

  it.each([
    ['no image', { companyId: '1001' }, 400, 'parameter-missing', 'The parameter Image cannot be null.'],
    [
      'an empty image',
      { image: Buffer.alloc(0), companyId: '1001' },
      400,
      'parameter-missing',
      'The parameter Image cannot be null.',
    ],
    ['no company', { image: PNG }, 400, 'parameter-missing', 'The parameter CompanyId cannot be null.'],
    [
      'a text company',
      { image: PNG, companyId: '1 OR 1=1' },
      400,
      'validation',
      'CompanyId must be a number from 1 to 2147483647.',
    ],
    ['an unknown company', { image: PNG, companyId: '999' }, 404, 'not-found', 'Company 999 not found.'],
  ])('answers %s with %i', async (_, parts, status, code, message) => {
    const res = await upload(parts);
    expect(res.statusCode).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ status, code, message });
  });

  it('refuses a JSON body', async () => {
    const res = await call(api, 'POST', paths.cart.addItemImage, { body: { Image: 'x', CompanyId: 1001 } });
    expectError(res, 415, 'unsupported-media-type');
    expect(res.body).toMatchObject({ status: 415, code: 'unsupported-media-type' });
  });

  it('serves nothing but stored uploads', async () => {
    for (const path of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      `/uploads/${'0'.repeat(64)}.png`,
      '/uploads/x.svg',
    ]) {
      const res = await call(api, 'GET', path);
      expectError(res, 404, 'not-found');
      expect(res.body).toMatchObject({ status: 404, code: 'not-found', message: 'Image not found.' });
    }
  });
});

/** A multipart body written by hand, so a test can break it the way a faulty client or proxy would. */
const BOUNDARY = 'lp-test-boundary';
const field = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const filePart = (name: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="image.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (...parts: Buffer[]) => Buffer.concat(parts);
const WHOLE = form(field('CompanyId', '1001'), filePart('Image', PNG), END);
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

describe('addCartItemImage with a broken multipart body (400, never 500)', () => {
  const postRaw = (payload: Buffer, contentType = TYPE) =>
    api.inject({
      method: 'POST',
      url: paths.cart.addItemImage,
      payload,
      headers: { 'content-type': contentType },
    });

  it('accepts the hand-written body when it is whole (the cases below break only one thing)', async () => {
    expect((await postRaw(WHOLE)).statusCode).toBe(200);
  });

  it.each([
    [
      'a body cut off inside the image',
      WHOLE.subarray(0, WHOLE.length - 40),
      TYPE,
      'The multipart body ended early (truncated upload); send the whole form again.',
    ],
    [
      'a body cut off inside its first part header',
      WHOLE.subarray(0, 30),
      TYPE,
      'The multipart body has no complete part: it is empty, truncated, or its boundary differs from the Content-Type.',
    ],
    [
      'a boundary other than the body uses',
      WHOLE,
      'multipart/form-data; boundary=another-boundary',
      'The multipart body has no complete part: it is empty, truncated, or its boundary differs from the Content-Type.',
    ],
    [
      'no boundary in the Content-Type',
      WHOLE,
      'multipart/form-data',
      'The multipart Content-Type has no boundary; let the client library set the header.',
    ],
    [
      'Image sent as a text field',
      form(field('CompanyId', '1001'), field('Image', 'iVBORw0KGgo='), END),
      TYPE,
      'Image must be sent as a file part (with a filename), not as a text field.',
    ],
    [
      'a field over 1,000 bytes',
      form(field('CompanyId', '1'.repeat(5_000)), filePart('Image', PNG), END),
      TYPE,
      'The form field CompanyId is longer than 1000 bytes.',
    ],
    [
      'a 2 MB extra field',
      form(field('CompanyId', '1001'), field('Note', 'x'.repeat(2_000_000)), filePart('Image', PNG), END),
      TYPE,
      'The form field Note is longer than 1000 bytes.',
    ],
    [
      'two files',
      form(field('CompanyId', '1001'), filePart('Image', PNG), filePart('Image', PNG), END),
      TYPE,
      'Send one file only, in the field Image.',
    ],
    [
      'too many fields',
      form(...Array.from({ length: 9 }, (_, i) => field(`f${i}`, 'x')), END),
      TYPE,
      'The form has too many fields; send only Image and CompanyId.',
    ],
    [
      'a field named __proto__',
      form(field('__proto__', '1'), filePart('Image', PNG), END),
      TYPE,
      'The form has a field name that is not allowed; send only Image and CompanyId.',
    ],
  ])('answers %s with 400 and what to fix', async (_, payload, contentType, message) => {
    const res = await postRaw(payload, contentType);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: 'upload-invalid', message });
  });

  it('answers a form without the file part with the spec wording', async () => {
    const res = await postRaw(form(field('CompanyId', '1001'), END));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 400,
      code: 'parameter-missing',
      message: 'The parameter Image cannot be null.',
    });
  });

  it('still serves requests after all of them', async () => {
    expect((await call(api, 'GET', '/health')).status).toBe(200);
  });
});
