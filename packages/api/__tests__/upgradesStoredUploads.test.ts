// The upgrade to session 25 as an operator meets it on a shop with a year of uploads (docs/learn/run-in-production.md,
// "Upgrade and roll back"): the phone photos stored before the API stripped metadata are cleaned after the start, a
// batch per transaction, not inside the start's one migration transaction (decisions.md, session 25 upgrade). A
// bounded volume shows the properties: a batch boundary, a failure in the second batch, a restart.
import { createHash } from 'node:crypto';
import { accountPaths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import {
  CLEANING_BATCH,
  CLEANING_BATCH_BYTES,
  CLEANING_PAUSE_MS,
  cleanStoredUploads,
  uncheckedFiles,
} from '../src/uploads/stripStoredUploads';
import { LATITUDE_BYTES, PLAIN_JPEG, withCameraMetadata } from './support/cameraJpeg';
import { type Api, call, restartableApi } from './support/testApi';
import { undoMigrationsFrom } from './support/undoMigrations';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** More photos than one batch holds, so the cleaning crosses a batch boundary. */
const PHOTOS = CLEANING_BATCH + 3;

/** Stores `count` phone photos (GPS position included) the way an older release did; answers their names. */
async function storePhotos(db: Db, count: number, from = 0, padding = 0): Promise<string[]> {
  const names: string[] = [];
  for (let i = from; i < from + count; i++) {
    // Bytes after the appended preview make each file its own; the cleaning drops them with the preview.
    const photo = Buffer.concat([
      withCameraMetadata(PLAIN_JPEG, 6),
      Buffer.from(`#${i}`),
      Buffer.alloc(padding),
    ]);
    const sha = createHash('sha256').update(photo).digest('hex');
    await db.query(
      "INSERT INTO stored_files (key, content_type, bytes, size) VALUES ($1, 'image/jpeg', $2, $3)",
      [`uploads/${sha}.jpg`, photo, photo.length],
    );
    await db.query(
      "INSERT INTO uploads (sha256, ext, content_type, size_bytes, company_id) VALUES ($1, 'jpg', 'image/jpeg', $2, 1001)",
      [sha, photo.length],
    );
    names.push(`${sha}.jpg`);
  }
  return names;
}

/** Stored files whose bytes still hold the GPS position. */
async function withPosition(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM stored_files WHERE position($1::bytea IN bytes) > 0',
    [LATITUDE_BYTES],
  );
  return row!.n;
}

/** A shop on session 24's schema (before 043) holding PHOTOS phone photos; `start` restarts it on the new build. */
async function oldShop(): Promise<{ start: () => Promise<Api>; names: string[] }> {
  const start = await restartableApi(cleanups, 'lp-upgrade-uploads-');
  const older = await start();
  await undoMigrationsFrom(older.db, 43);
  const names = await storePhotos(older.db, PHOTOS);
  await older.close();
  return { start, names };
}

describe('the upgrade to session 25 on a shop with stored phone photos', () => {
  it('migrates without rewriting them; serves them without their position at once; cleans them after the start', async () => {
    const { start, names } = await oldShop();
    const upgraded = await start();
    // The start's migration transaction left the files alone: nothing of their size is held or redone there.
    expect(await withPosition(upgraded.db)).toBe(PHOTOS);
    expect(await uncheckedFiles(upgraded.db)).toBe(PHOTOS);

    // Served before the cleaning reached it: stripped on the way out.
    const served = await upgraded.inject({ method: 'GET', url: `/uploads/${names.at(-1)}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(LATITUDE_BYTES)).toBe(false);
    expect(served.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The cleaning the start set off (ready) is awaited, not run a second time.
    await cleanStoredUploads(upgraded.db);
    expect(await withPosition(upgraded.db)).toBe(0);
    expect(await uncheckedFiles(upgraded.db)).toBe(0);
    const [stored] = await upgraded.db.query<{ bytes: Uint8Array; size: number }>(
      'SELECT bytes, size FROM stored_files WHERE key = $1',
      [`uploads/${names.at(-1)}`],
    );
    expect(Buffer.from(stored!.bytes).equals(served.rawPayload)).toBe(true);
    expect(stored!.size).toBe(served.rawPayload.length);
    const [upload] = await upgraded.db.query<{ size_bytes: number }>(
      'SELECT size_bytes FROM uploads WHERE sha256 = $1',
      [names.at(-1)!.slice(0, 64)],
    );
    expect(upload!.size_bytes).toBe(served.rawPayload.length);

    // A photo a process of the previous version stores during a rolling upgrade: unchecked, served stripped.
    const [late] = await storePhotos(upgraded.db, 1, PHOTOS);
    expect(await uncheckedFiles(upgraded.db)).toBe(1);
    const lateServed = await upgraded.inject({ method: 'GET', url: `/uploads/${late}` });
    expect(lateServed.rawPayload.includes(LATITUDE_BYTES)).toBe(false);
  }, 60_000);

  it('keeps the batches done when a later one fails, and the next run goes on from there', async () => {
    const { start } = await oldShop();
    const upgraded = await start();
    let batches = 0;
    // The second batch writes its files, then fails (a full disk, a killed process): only it is rolled back.
    const failing: Db = {
      kind: upgraded.db.kind,
      identity: {},
      query: (sql, params) => upgraded.db.query(sql, params),
      exec: (sql) => upgraded.db.exec(sql),
      close: () => upgraded.db.close(),
      transaction: (fn) =>
        upgraded.db.transaction(async (tx) => {
          const result = await fn(tx);
          if (++batches === 2) throw new Error('could not extend file: No space left on device');
          return result;
        }),
    };
    await expect(cleanStoredUploads(failing)).rejects.toThrow('No space left on device');
    expect(await uncheckedFiles(upgraded.db)).toBe(PHOTOS - CLEANING_BATCH);
    expect(await withPosition(upgraded.db)).toBe(PHOTOS - CLEANING_BATCH);

    const rest = await cleanStoredUploads(upgraded.db);
    expect(rest).toEqual({ checked: PHOTOS - CLEANING_BATCH, cleaned: PHOTOS - CLEANING_BATCH });
    expect(await withPosition(upgraded.db)).toBe(0);
    // Checked files are not read again.
    expect(await cleanStoredUploads(upgraded.db)).toEqual({ checked: 0, cleaned: 0 });
  }, 60_000);

  // Session 26 (stripfix26, from review26b): a batch of ten 10 MB photos held PGlite's one connection for seconds,
  // and batch followed batch with no gap for the requests queued meanwhile.
  it('reads at most CLEANING_BATCH_BYTES per transaction and, on PGlite, pauses between batches', async () => {
    const start = await restartableApi(cleanups, 'lp-upgrade-big-');
    const shop = await start();
    await cleanStoredUploads(shop.db);
    // Three photos of 60 % of the cap each: three batches, not one.
    await storePhotos(shop.db, 3, 0, Math.ceil(CLEANING_BATCH_BYTES * 0.6));
    const batches: { began: number; ended: number; checked: number }[] = [];
    const watched: Db = {
      kind: shop.db.kind,
      identity: {},
      query: (sql, params) => shop.db.query(sql, params),
      exec: (sql) => shop.db.exec(sql),
      close: () => shop.db.close(),
      transaction: async (fn) => {
        const began = performance.now();
        const result = await shop.db.transaction(fn);
        batches.push({ began, ended: performance.now(), checked: (result as { checked: number }).checked });
        return result;
      },
    };
    expect(await cleanStoredUploads(watched)).toEqual({ checked: 3, cleaned: 3 });
    expect(batches.map((b) => b.checked)).toEqual([1, 1, 1, 0]);
    expect(await withPosition(shop.db)).toBe(0);
    if (shop.db.kind !== 'pglite') return;
    // The timer may fire a millisecond early.
    for (let i = 1; i < batches.length; i++)
      expect(batches[i]!.began - batches[i - 1]!.ended).toBeGreaterThanOrEqual(CLEANING_PAUSE_MS.min - 1);
  }, 60_000);

  // Session 26 (trustfix, from review26): session 25's cleaning stopped at FF 00 between segments and marked the file
  // checked with its GPS position still in it. Migration 045 marks it unchecked, so the fixed stripper reaches it.
  it('cleans a photo session 25 marked checked with FF 00 before its EXIF, at once on GET and then in storage', async () => {
    const start = await restartableApi(cleanups, 'lp-upgrade-ff00-');
    const older = await start();
    await undoMigrationsFrom(older.db, 45);
    const camera = withCameraMetadata(PLAIN_JPEG, 6);
    const photo = Buffer.concat([camera.subarray(0, 2), Buffer.from([0xff, 0]), camera.subarray(2)]);
    const name = `${createHash('sha256').update(photo).digest('hex')}.jpg`;
    await older.db.query(
      "INSERT INTO stored_files (key, content_type, bytes, size, metadata_checked) VALUES ($1, 'image/jpeg', $2, $3, true)",
      [`uploads/${name}`, photo, photo.length],
    );
    await older.close();

    const upgraded = await start();
    const served = await upgraded.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.rawPayload.includes(LATITUDE_BYTES)).toBe(false);
    await cleanStoredUploads(upgraded.db);
    expect(await withPosition(upgraded.db)).toBe(0);
    expect(await uncheckedFiles(upgraded.db)).toBe(0);
  }, 60_000);

  it('keeps a customer logged in whose 30-day session began before it (sessions are not migrated)', async () => {
    const start = await restartableApi(cleanups, 'lp-upgrade-session-');
    const older = await start();
    const login = await call(older, 'POST', accountPaths.login, {
      body: { email: 'demo@lp-de.example', password: 'Demo1234!', remember: true },
    });
    expect(login.status).toBe(200);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('lp_session='))!;
    // The 30 days the release before this one gave every login.
    expect(cookie).toMatch(/Max-Age=2592000/);
    await undoMigrationsFrom(older.db, 42);
    await older.close();

    const upgraded = await start();
    const me = await call(upgraded, 'GET', accountPaths.me, { headers: { cookie: cookie.split(';')[0]! } });
    expect(me.status).toBe(200);
    expect((me.body as { email: string }).email).toBe('demo@lp-de.example');
  }, 60_000);
});
