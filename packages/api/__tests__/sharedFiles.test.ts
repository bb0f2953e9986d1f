import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../src/index';
import type { ApiOptions } from '../src/options';
import { JPEG, PNG, uploadName } from './support/images';
import { type Api, addBody, addItem, call, createTestDatabase, saveBody } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-shared-files-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/**
 * API processes on one database (DESIGN 6), each with its own empty upload folder, so only the database can carry
 * a file from one to the other. On a PostgreSQL server (TEST_DATABASE_URL) they run at the same time; PGlite
 * belongs to one process, so there the next one starts on the same data folder after the previous one closed.
 */
async function oneDatabase() {
  const database = server ? await createTestDatabase(server) : undefined;
  const dataDir = database ? undefined : tempDir();
  const running: Api[] = [];
  cleanups.push(async () => {
    await Promise.all(running.map((api) => api.close()));
    await database?.drop();
  });
  return {
    together: Boolean(database),
    async start(options: ApiOptions = {}): Promise<Api> {
      if (!database) await Promise.all(running.splice(0).map((api) => api.close()));
      const api = await createApi({
        rateLimit: false,
        uploadDir: tempDir(),
        ...(database ? { databaseUrl: database.url } : { dataDir }),
        ...options,
      });
      running.push(api);
      return api;
    },
    async startTwo(options: ApiOptions = {}): Promise<[Api, Api]> {
      if (database) return Promise.all([this.start(options), this.start(options)]);
      return [await this.start(options), await this.start(options)];
    },
  };
}

function upload(api: Api, image: Buffer) {
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(image)]), 'image.jpg');
  return api.inject({ method: 'POST', url: paths.cart.addItemImage, payload: form });
}

const get = (api: Api, path: string) => api.inject({ method: 'GET', url: path });

describe(`files shared by API processes on one database (${server ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('serves an upload written through process A from process B, with the same headers', async () => {
    const db = await oneDatabase();
    const a = await db.start();
    const res = await upload(a, PNG);
    expect(res.statusCode).toBe(200);
    const path = new URL((JSON.parse(res.body) as { url: string }).url).pathname;
    expect(path).toBe(`/uploads/${uploadName(PNG, 'png')}`);
    const fromA = await get(a, path);
    const b = await db.start();
    const fromB = await get(b, path);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(PNG)).toBe(true);
    for (const header of [
      'content-type',
      'x-content-type-options',
      'cache-control',
      'content-security-policy',
    ]) {
      expect(fromB.headers[header]).toBe(fromA.headers[header]);
    }
    expect(fromB.headers['content-type']).toBe('image/png');
  });

  it('serves the print file of an order saved through process A from process B, byte for byte', async () => {
    const db = await oneDatabase();
    const a = await db.start();
    const plate = { Kennzeichen: 'B-AB 123', 'Kennzeichen-Art': 'Standard', Kennzeichengröße: '520x110' };
    const { cartGuid } = await addItem(a, addBody('KFZ-001', 1, plate));
    const saved = await call(a, 'POST', paths.order.save, { body: saveBody(), cartGuid: cartGuid! });
    const headerGuid = (saved.body as { orderHeaderGuid: string }).orderHeaderGuid;
    expect((await call(a, 'POST', paths.order.confirm, { body: { headerGuid } })).status).toBe(200);
    const order = (await call(a, 'GET', `${paths.order.get}?headerGuid=${headerGuid}`)).body as Order;
    const path = `${paths.order.printFile(order.orderNumber, order.orderItems[0]!.itemInternalId)}?headerGuid=${headerGuid}`;
    const fromA = await get(a, path);
    expect(fromA.statusCode).toBe(200);
    const b = await db.start();
    const fromB = await get(b, path);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(fromB.body).toBe(fromA.body);
  });

  it('imports valid legacy uploads from the folder once and serves them from the database', async () => {
    const legacy = tempDir();
    const png = uploadName(PNG, 'png');
    const jpg = uploadName(JPEG, 'jpg');
    const refused = {
      wrongHash: `${'0'.repeat(64)}.png`, // a PNG whose name is not its hash
      wrongKind: uploadName(PNG, 'jpg'), // the right hash, but the bytes are a PNG, not a JPEG
      notAnImage: uploadName(Buffer.from('<svg onload=alert(1)>'), 'png'),
      otherName: 'logo.png',
    };
    writeFileSync(join(legacy, png), PNG);
    writeFileSync(join(legacy, jpg), JPEG);
    writeFileSync(join(legacy, refused.wrongHash), PNG);
    writeFileSync(join(legacy, refused.wrongKind), PNG);
    writeFileSync(join(legacy, refused.notAnImage), '<svg onload=alert(1)>');
    writeFileSync(join(legacy, refused.otherName), PNG);
    // A folder named like an upload is not a file: skipped, start-up goes on.
    mkdirSync(join(legacy, uploadName(Buffer.from('a folder'), 'png')));

    const db = await oneDatabase();
    // Two processes start on the same folder (at once on PostgreSQL): the import is idempotent.
    const [a, b] = await db.startTwo({ uploadDir: legacy });
    const [stored] = await b.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    expect(stored!.n).toBe(2);
    // Nothing is deleted; served from the database even once the folder is gone.
    expect(readdirSync(legacy)).toHaveLength(7);
    rmSync(legacy, { recursive: true, force: true });
    for (const api of db.together ? [a, b] : [b]) {
      const servedPng = await get(api, `/uploads/${png}`);
      expect(servedPng.statusCode).toBe(200);
      expect(servedPng.headers['content-type']).toBe('image/png');
      expect(servedPng.rawPayload.equals(PNG)).toBe(true);
      const servedJpg = await get(api, `/uploads/${jpg}`);
      expect(servedJpg.headers['content-type']).toBe('image/jpeg');
      expect(servedJpg.rawPayload.equals(JPEG)).toBe(true);
      for (const name of Object.values(refused)) {
        const res = await get(api, `/uploads/${name}`);
        expect(res.statusCode).toBe(404);
        expect(JSON.parse(res.body)).toMatchObject({
          status: 404,
          code: 'not-found',
          message: 'Image not found.',
        });
      }
    }
  });
});
