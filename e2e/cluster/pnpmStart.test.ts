// `pnpm start` (scripts/start.mjs) as a developer runs it on a fresh machine: a port already taken stops it with one
// line naming the variable, Ctrl+C stops it cleanly, and the next start finds the carts of the last one. Runs the
// built packages (the root test runner builds first; alone, the API, storefront and widget are built here).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/startCluster.mjs';
import { ensureBuilt } from './clusterWorld';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'lp-start-test-'));

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Still running: a failed test must not leave a shop behind on the machine. */
const children = new Set<ChildProcess>();

/** `node scripts/start.mjs` (what `pnpm start` runs) on `ports`, with its data in this test's folder. */
function start(ports: Record<string, number>): Started {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LP_SKIP_BUILD: '1',
      DATA_DIR: join(dataDir, 'pglite'),
      UPLOAD_DIR: join(dataDir, 'uploads'),
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

async function running(started: Started): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!started.output().includes('Press Ctrl+C to stop.')) {
    if (started.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`pnpm start did not start:\n${started.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Whether the port can be listened on again (the process let go of it). */
function free(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([promise, new Promise<'timeout'>((done) => setTimeout(done, ms, 'timeout').unref())]);
}

async function freePorts() {
  return { API_PORT: await freePort(), SHOP_PORT: await freePort(), DEALER_PORT: await freePort() };
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pnpm start', () => {
  it('a port already taken: one line naming the variable, before anything is built or opened', async () => {
    const ports = await freePorts();
    const taken: Server = createServer();
    await new Promise<void>((done) => taken.listen(ports.API_PORT, '127.0.0.1', done));
    try {
      const started = start(ports);
      expect(await withTimeout(started.exited, 15_000)).toBe(1);
      expect(started.output().trim()).toBe(
        `Port ${ports.API_PORT} (API_PORT) on 127.0.0.1 is already in use: is the shop already running in another terminal? Stop it (Ctrl+C there), or choose free ports, e.g. API_PORT=4001 SHOP_PORT=3001 DEALER_PORT=4101 pnpm start.`,
      );
    } finally {
      taken.close();
    }
  });

  it('a database that cannot be reached: one line saying why, nothing left running', async () => {
    ensureBuilt();
    const ports = await freePorts();
    const closed = await freePort();
    const refused = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        ...process.env,
        LP_SKIP_BUILD: '1',
        DATABASE_URL: `postgres://shop:secret@127.0.0.1:${closed}/shop`,
        ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      },
    });
    expect(refused.status).toBe(1);
    expect(`${refused.stdout}${refused.stderr}`.trim()).toBe(
      `The shop did not start: connect ECONNREFUSED 127.0.0.1:${closed}`,
    );
    for (const port of Object.values(ports)) expect(await free(port)).toBe(true);
  });

  it('Ctrl+C stops every server; the next start has the cart of the last one', async () => {
    ensureBuilt();
    const ports = await freePorts();
    const api = `http://127.0.0.1:${ports.API_PORT}`;
    const first = start(ports);
    await running(first);
    expect(first.output()).toContain(`Shop API                     ${api}`);
    expect((await fetch(`http://127.0.0.1:${ports.SHOP_PORT}/`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.DEALER_PORT}/`)).status).toBe(200);
    const { createSdk } = await import('@lp/sdk');
    const sdk = createSdk({ baseUrl: api });
    const company = await sdk.getCompany();
    const product = await sdk.catalogue.productByAlias(company.UniqueId, 'funschild');
    await sdk.cartStore.getState().add({
      productUniqueId: product.UniqueId,
      quantity: 2,
      addData: [
        {
          count: 2,
          info: { Alias: product.Alias, Title: product.Title, Attributes: { Kennzeichen: 'NEU START' } },
        },
      ],
    });
    const cartGuid = sdk.cartStore.getState().cart.cartGuid;
    expect(cartGuid).toBeTruthy();

    first.child.kill('SIGINT');
    // The output says why, should a loaded machine make this fail.
    expect(await withTimeout(first.exited, 30_000), first.output()).toBe(0);
    for (const port of Object.values(ports)) expect(await free(port), `port ${port}`).toBe(true);

    const second = start(ports);
    await running(second);
    const again = await fetch(`${api}/api/Cart/getCart`, { headers: { CartGuid: String(cartGuid) } });
    expect(again.status, second.output()).toBe(200);
    expect(JSON.stringify(await again.json())).toContain('NEU START');
    second.child.kill('SIGTERM');
    expect(await withTimeout(second.exited, 30_000), second.output()).toBe(0);
  }, 180_000);
});
