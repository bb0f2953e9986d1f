// `lp-api customer export|delete` as the operator runs it: a real process on the API's PGlite data folder (which
// the running API holds), and on PostgreSQL beside the running API. What it exports and erases in detail:
// customerPrivacy.test.ts.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Order } from '@lp/sdk/contract';
import { accountPaths, paths } from '@lp/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { runCustomerCli } from '../src/privacy/customerCli';
import type { CustomerExport } from '../src/privacy/customerExport';
import { createApi } from '../src/index';
import { customerWithHistory, login, personalRows } from './support/privacyScenario';
import { type Api, call, createTestDatabase } from './support/testApi';

const server = process.env.TEST_DATABASE_URL;
const EMAIL = 'jonas.weber@example.de';
const person = { email: EMAIL, name: 'Jonas', lastName: 'Weber', plate: 'HH-JW 40' };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-customers-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const openApi = async (options: { dataDir?: string; databaseUrl?: string }) => {
  const api = await createApi({ ...options, rateLimit: false, loadShedding: false, uploadDir: tempDir() });
  cleanups.push(() => api.close());
  return api;
};

/** `pnpm lp-api customer ...` in packages/api, as docs/learn/run-in-production.md shows it. */
function lpApi(args: string[], env: Record<string, string>) {
  return promisify(execFile)('pnpm', ['--silent', 'lp-api', 'customer', ...args], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env },
    timeout: 60_000,
  });
}

async function inProcess(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCustomerCli(args, {
    env,
    output: { out: (t) => out.push(t), err: (t) => err.push(t) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('lp-api customer on the PGlite data folder', () => {
  it('refuses while the API serves the folder, saying what to do; then exports and erases as a real process', async () => {
    const dataDir = join(tempDir(), 'pglite');
    let api: Api = await openApi({ dataDir });
    const jonas = await customerWithHistory(api, person);
    const before = await personalRows(api);

    // The API holds the folder (PGlite: one process per folder): refused, nothing changed.
    const refused = await inProcess(['delete', EMAIL], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`The data folder ${dataDir} is in use by process ${process.pid}`);
    expect(refused.err).toContain('Stop the API, run this command again, then start the API again');
    expect(refused.err).toContain('DATABASE_URL');
    expect(await personalRows(api)).toEqual(before);
    await api.close();

    const exported = await lpApi(['export', EMAIL.toUpperCase()], { DATA_DIR: dataDir });
    const doc = JSON.parse(exported.stdout) as CustomerExport;
    expect(doc.account).toMatchObject({ email: EMAIL, name: 'Jonas' });
    expect(doc.orders.map((o) => o.orderNumber)).toEqual([jonas.paid.orderNumber, jonas.draft.orderNumber]);

    const erased = await lpApi(['delete', EMAIL], { DATA_DIR: dataDir });
    expect(erased.stdout).toContain(`Erased the personal data of ${EMAIL}`);
    expect(erased.stdout).toContain(`${jonas.paid.orderNumber}  paid`);
    await expect(lpApi(['delete', EMAIL], { DATA_DIR: dataDir })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`holds no personal data for ${EMAIL}`),
    });

    api = await openApi({ dataDir });
    expect((await login(api, EMAIL)).status).toBe(401);
    const kept = (await call(api, 'GET', `${paths.order.get}?headerGuid=${jonas.paid.headerGuid}`))
      .body as Order;
    expect(kept).toMatchObject({
      status: 'paid',
      customerId: null,
      billingPerson: { name: 'Jonas', email: '' },
    });
  }, 180_000);

  it('refuses a folder that holds no shop instead of answering from an empty database', async () => {
    const dataDir = join(tempDir(), 'vertippt');
    const result = await inProcess(['export', EMAIL], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.err).toContain(`No shop data in ${dataDir}`);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe.runIf(server)('lp-api customer on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('erases while the API runs: the session ends at once and the login fails', async () => {
    const database = await createTestDatabase(server!);
    const api = await openApi({ databaseUrl: database.url });
    cleanups.push(() => database.drop());
    const jonas = await customerWithHistory(api, person);
    expect((await call(api, 'GET', accountPaths.me, { headers: jonas.headers })).status).toBe(200);

    const erased = await lpApi(['delete', EMAIL], { DATABASE_URL: database.url });
    expect(erased.stdout).toContain('account:  deleted, with 2 login session(s)');

    expect((await call(api, 'GET', accountPaths.me, { headers: jonas.headers })).status).toBe(401);
    expect((await login(api, EMAIL)).status).toBe(401);
    expect((await call(api, 'GET', paths.cart.get, { cartGuid: jonas.attachedCart })).status).toBe(400);
  }, 120_000);
});
