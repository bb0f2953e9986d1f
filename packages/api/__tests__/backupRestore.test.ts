// Back up and restore as docs/learn/run-in-production.md ("Back up and restore") tells the operator, with real
// processes: shop data written through a running API (a cart, a placed order, an uploaded image, a registered
// dealer), backed up, the database destroyed, restored, and a new API process serves the same data. PGlite with
// `lp-api backup|restore`; PostgreSQL with the documented pg_dump / pg_restore commands.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { paths } from '@lp/sdk/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runBackupCli } from '../src/db/backupCli';
import { PNG, uploadName } from './support/images';
import { killAll, lpApi } from './support/cliProcess';
import { addBody, createTestDatabase, plateAttributes, saveBody } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(killAll);

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-backup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const DEALER = { id: 'autohaus-sicherung', origin: 'https://autohaus-sicherung.example' };
const PLATE = 'B-BK 2026';

/** Starts the API on `env` and stops it when the test ends (or earlier, through the answer). */
async function startedApi(env: Record<string, string>) {
  // No legacy upload folder: the images served come from the database (table stored_files) alone.
  const uploads = join(tempDir(), 'no-uploads-here');
  const api = await lpApi([], { ...env, PORT: '0', RATE_LIMIT_MAX: '0', UPLOAD_DIR: uploads });
  cleanups.push(async () => void (await api.stop()));
  expect(api.url, api.output().stderr).toBeDefined();
  return api;
}

async function json(res: Response) {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Writes through the API what a shop holds: a cart, a placed order from another cart, an uploaded image. */
async function writeShopData(api: string) {
  const cart = await json(
    await post(`${api}${paths.cart.addItem}`, addBody('KFZ-001', 2, plateAttributes(PLATE))),
  );
  const ordered = await json(await post(`${api}${paths.cart.addItem}`, addBody('KZH-001', 3)));
  const saved = await json(
    await post(`${api}${paths.order.save}`, saveBody(), { CartGuid: ordered.cartGuid as string }),
  );
  const headerGuid = saved.orderHeaderGuid as string;
  await json(await post(`${api}${paths.order.confirm}`, { headerGuid }));
  const form = new FormData();
  form.append('CompanyId', '1001');
  form.append('Image', new Blob([new Uint8Array(PNG)]), 'logo.png');
  const upload = await json(await fetch(`${api}${paths.cart.addItemImage}`, { method: 'POST', body: form }));
  expect(String(upload.url)).toContain(uploadName(PNG, 'png'));
  return { cartGuid: cart.cartGuid as string, headerGuid };
}

/** What the API serves of that data; the same before the backup and after the restore. */
async function readShopData(api: string, written: { cartGuid: string; headerGuid: string }) {
  const cart = await json(
    await fetch(`${api}${paths.cart.get}`, { headers: { CartGuid: written.cartGuid } }),
  );
  const order = await json(await fetch(`${api}${paths.order.get}?headerGuid=${written.headerGuid}`));
  const image = await fetch(`${api}/uploads/${uploadName(PNG, 'png')}`);
  const dealer = await fetch(`${api}/health`, { headers: { Origin: DEALER.origin } });
  return {
    cart: (
      cart.items as { quantity: number; addData: { info: { Attributes: Record<string, string> } }[] }[]
    ).map((i) => [i.quantity, i.addData[0]!.info.Attributes.Kennzeichen]),
    order: [order.orderNumber, order.status, order.totalAmount],
    image: [image.status, Buffer.from(await image.arrayBuffer()).equals(PNG)],
    dealerAllowed: dealer.headers.get('access-control-allow-origin'),
  };
}

const addDealer = async (env: Record<string, string>) => {
  const added = await (
    await lpApi(
      ['dealer', 'add', '--id', DEALER.id, '--name', 'Autohaus Sicherung', '--origin', DEALER.origin],
      env,
    )
  ).exited;
  expect(added.code, added.stderr).toBe(0);
};

describe.skipIf(server)('lp-api backup and restore of the PGlite data folder', () => {
  it('round trip: written, backed up, folder destroyed, restored, the same data served', async () => {
    const dir = tempDir();
    const env = { DATA_DIR: join(dir, 'pglite') };
    const file = join(dir, 'shop-backup.tar.gz');
    await addDealer(env);
    let api = await startedApi(env);
    const written = await writeShopData(api.url!);
    const before = await readShopData(api.url!, written);
    expect(before).toMatchObject({
      cart: [[2, PLATE]],
      order: [expect.any(String), 'confirmed', expect.any(Number)],
    });
    expect(before.image).toEqual([200, true]);
    expect(before.dealerAllowed).toBe(DEALER.origin);

    // While the API holds the folder, the backup is refused (a copy of a folder in use can be torn).
    const refused = await (await lpApi(['backup', file], env)).exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The data folder ${env.DATA_DIR} is in use by process`);
    expect(refused.stderr).toContain('Stop the API, run this command again');
    expect(existsSync(file)).toBe(false);
    await api.stop();

    const done = await (await lpApi(['backup', file], env)).exited;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /^Backed up .+ \(schema at migration \d+, 1 order\(s\), 1 stored file\(s\)\) to /,
    );
    expect(readdirSync(dir).sort()).toEqual(['pglite', 'shop-backup.tar.gz']);
    // A second backup to the same name does not overwrite the first.
    expect((await (await lpApi(['backup', file], env)).exited).code).toBe(1);

    rmSync(env.DATA_DIR, { recursive: true, force: true });
    const restored = await (await lpApi(['restore', file], env)).exited;
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${env.DATA_DIR} (schema at migration`);
    // A restore never overwrites a folder that holds data.
    const again = await (await lpApi(['restore', file], env)).exited;
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('holds data: a restore never overwrites a database');

    api = await startedApi(env);
    expect(await readShopData(api.url!, written)).toEqual(before);
  }, 180_000);

  it('refuses a file that is no backup, and leaves no folder behind', async () => {
    const dir = tempDir();
    const env = { DATA_DIR: join(dir, 'pglite') };
    const notABackup = join(dir, 'notes.tar.gz');
    await import('node:fs').then((fs) => fs.writeFileSync(notABackup, 'hello'));
    const result = await (await lpApi(['restore', notABackup], env)).exited;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is no backup of a PGlite data folder');
    expect(readdirSync(dir)).toEqual(['notes.tar.gz']);
  }, 60_000);
});

/** PostgreSQL's client tools of the server scripts/withPostgres.mjs runs (Debian: /usr/lib/postgresql/<major>/bin). */
function pgTool(name: string): string {
  const root = '/usr/lib/postgresql';
  const major = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  return major && existsSync(join(root, major, 'bin', name)) ? join(root, major, 'bin', name) : name;
}

describe('lp-api backup with DATABASE_URL', () => {
  it("prints the PostgreSQL commands, pg_restore with --role naming DATABASE_URL's user", async () => {
    const printed: string[] = [];
    const output = { out: (text: string) => printed.push(text), err: (text: string) => printed.push(text) };
    const env = { DATABASE_URL: 'postgres://shop:secret@db:5432/shop' };
    expect(await runBackupCli('backup', ['shop.dump'], { env, output })).toBe(1);
    // Without --role, a restore run as postgres leaves tables the API's user may not use.
    expect(printed.join('\n')).toContain(
      'pg_restore --no-owner --role=shop --exit-on-error --dbname="<an empty database>" shop.dump',
    );
    expect(printed.join('\n')).not.toContain('secret');
  });
});

describe.runIf(server)('pg_dump and pg_restore of a PostgreSQL database, as documented', () => {
  it('round trip: dumped while the API serves, database dropped, restored into a new one, the same data served', async () => {
    const dir = tempDir();
    const file = join(dir, 'shop.dump');
    const original = await createTestDatabase(server!);
    cleanups.push(() => original.drop());
    await addDealer({ DATABASE_URL: original.url });
    let api = await startedApi({ DATABASE_URL: original.url });
    const written = await writeShopData(api.url!);
    const before = await readShopData(api.url!, written);
    expect(before.image).toEqual([200, true]);
    expect(before.dealerAllowed).toBe(DEALER.origin);

    // lp-api backup points at the tools instead of copying the database itself.
    const pointed = await (await lpApi(['backup', file], { DATABASE_URL: original.url })).exited;
    expect(pointed.code).toBe(1);
    expect(pointed.stderr).toContain('pg_dump --format=custom --file=shop.dump "$DATABASE_URL"');

    await promisify(execFile)(pgTool('pg_dump'), ['--format=custom', `--file=${file}`, original.url]);
    await api.stop();
    await original.drop();

    const fresh = await createTestDatabase(server!);
    cleanups.push(() => fresh.drop());
    await promisify(execFile)(pgTool('pg_restore'), [
      '--no-owner',
      `--role=${decodeURIComponent(new URL(fresh.url).username)}`,
      '--exit-on-error',
      `--dbname=${fresh.url}`,
      file,
    ]);
    api = await startedApi({ DATABASE_URL: fresh.url });
    expect(await readShopData(api.url!, written)).toEqual(before);
  }, 180_000);
});
