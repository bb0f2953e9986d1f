// What the person who runs `node dist/cli.js` sees (docs/learn/run-in-production.md): a wrong setting stops the
// start with one line naming the variable (no stack trace), request log lines carry no order keys, and a 500's cause
// is written even without LOG. Real processes, started from the sources as `lp-api` runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { explainStartFailure } from '../src/config';
import { createTestDatabase } from './support/testApi';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const server = process.env.TEST_DATABASE_URL;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Processes still running: a failed or timed-out test must not leave them behind. */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** Runs a module of the API's sources with `env` (plus PATH) until it exits, or until `until` sees its output. */
function run(
  args: string[],
  env: Record<string, string>,
  until?: (out: string, err: string) => boolean,
): Promise<Run & { stop(): Promise<Run> }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ...args], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  // 'close', not 'exit': the output still in the pipes is read before the run counts as ended.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve) => {
    const result = (code: number | null) => ({
      code,
      stdout,
      stderr,
      stop: async () => {
        child.kill('SIGTERM');
        return { code: await exited, stdout, stderr };
      },
    });
    const check = () => {
      if (until?.(stdout, stderr)) resolve(result(null));
    };
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      check();
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      check();
    });
    void exited.then((code) => resolve(result(code)));
  });
}

const memory = { DATA_DIR: 'memory', PORT: '0' };

describe('a wrong setting stops `lp-api` with one line naming it', () => {
  it.each([
    [{ CORS_ORIGINS: 'shop.example.de' }, /^CORS_ORIGINS must be comma-separated origins/],
    [{ PUBLIC_URL: 'api.example.de' }, /^PUBLIC_URL must be an absolute URL/],
    [{ DATABASE_URL: 'shop-db' }, /^DATABASE_URL must be a postgres:\/\/ connection string/],
    [
      { DATABASE_URL: 'mysql://u:secret@db/x' },
      /^DATABASE_URL must be a postgres.*got 'mysql:\/\/u:\*\*\*@db\/x'/,
    ],
    [{ LOG: 'yes' }, /^LOG must be 1, true, 0 or false, got 'yes'/],
    // Session 23: a value that is no URL with a password field still holds the password before its "@".
    [
      { DATABASE_URL: 'postgresql//shop:secret@db/shop' },
      /^DATABASE_URL must be a postgres.*got 'postgresql\/\/shop:\*\*\*@db\/shop'/,
    ],
    [
      { SMTP_URL: 'shop:secret@smtp.example.de:587', MAIL_FROM: 'shop@example.de' },
      /^SMTP_URL must be an smtp.*got 'shop:\*\*\*@smtp.example.de:587'/,
    ],
    // A password with a "/" (base64 ones often have one), which no URL parser finds, and one in the query.
    [
      { DATABASE_URL: 'postgres://shop:secret/x@db/shop' },
      /^DATABASE_URL must be a postgres.*got 'postgres:\/\/shop:\*\*\*@db\/shop'/,
    ],
    [
      { DATABASE_URL: 'postgres://shop:99999/secret@db/shop?sslpassword=secret' },
      /^DATABASE_URL must be a postgres.*got 'postgres:\/\/shop:\*\*\*@db\/shop\?sslpassword=\*\*\*'/,
    ],
    [
      { DATABASE_URL: 'mysql://db/x?password=secret' },
      /^DATABASE_URL must be a postgres.*got 'mysql:\/\/db\/x\?password=\*\*\*'/,
    ],
  ])('%o', async (env, message) => {
    const { code, stderr } = await run([CLI], { ...memory, ...env });
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toContain('secret');
  });

  it('a database that refuses the connection: the masked DATABASE_URL and the reason', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const { code, stderr } = await run([CLI], {
      ...memory,
      DATABASE_URL: `postgres://shop:secret@127.0.0.1:${closed}/shop`,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Cannot open the database of DATABASE_URL (postgres://shop:***@127.0.0.1:${closed}/shop): connect ECONNREFUSED 127.0.0.1:${closed}.`,
    );
    // Session 23: the operator's commands say the same (they said only `connect ECONNREFUSED …`).
    for (const command of [['orders'], ['customer', 'export', 'erika@example.de']]) {
      const refused = await run([CLI, ...command], {
        DATABASE_URL: `postgres://shop:secret@127.0.0.1:${closed}/shop`,
      });
      expect(refused.code, command[0]).toBe(1);
      expect(refused.stderr.trim(), command[0]).toBe(
        `Cannot open the database of DATABASE_URL (postgres://shop:***@127.0.0.1:${closed}/shop): connect ECONNREFUSED 127.0.0.1:${closed}.`,
      );
    }
  });

  it('a database user without rights on the tables: names the user to make the owner (PostgreSQL 15+)', () => {
    // What pg reports when `shop` is not the database's owner, or after a pg_restore without --role.
    const denied = Object.assign(new Error('permission denied for schema public'), { code: '42501' });
    const message = explainStartFailure(denied, {
      port: 4000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://shop:secret@db:5432/shop',
    });
    expect(message).toBe(
      "The user of DATABASE_URL (postgres://shop:***@db:5432/shop) may not create or use the shop's tables: permission denied for schema public. Make shop the owner of the database and its tables (createdb --owner=shop …; after a restore: pg_restore --no-owner --role=shop …).",
    );
  });

  it.runIf(server)(
    'a database the user does not own: the same line from a real start',
    async () => {
      const database = await createTestDatabase(server!);
      const role = `lp_guest_${Date.now()}`;
      const url = new URL(database.url);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'guest-secret'`);
        // What an operator often does instead of --owner; since PostgreSQL 15 it gives no CREATE on schema public.
        await admin.query(`GRANT ALL PRIVILEGES ON DATABASE "${url.pathname.slice(1)}" TO ${role}`);
        await admin.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
        url.username = role;
        url.password = 'guest-secret';
        const { code, stderr } = await run([CLI], { PORT: '0', DATABASE_URL: url.href });
        expect(code).toBe(1);
        expect(stderr.trim().split('\n')).toEqual([
          expect.stringMatching(
            new RegExp(
              `^The user of DATABASE_URL \\(.*\\*\\*\\*.*\\) may not create .* Make ${role} the owner`,
            ),
          ),
        ]);
      } finally {
        await admin.end();
        await database.drop();
        const cleanup = new pg.Client({ connectionString: server });
        await cleanup.connect();
        await cleanup.query(`DROP ROLE IF EXISTS ${role}`).finally(() => cleanup.end());
      }
    },
    60_000,
  );

  it('a port in use: says so and names PORT', async () => {
    const taken = createServer();
    const port = await new Promise<number>((resolve) =>
      taken.listen(0, '127.0.0.1', () => resolve((taken.address() as { port: number }).port)),
    );
    try {
      const { code, stderr } = await run([CLI], { DATA_DIR: 'memory', PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} on 127.0.0.1 is already in use (is the API already running?). Stop that process or set PORT to another port.`,
      );
    } finally {
      taken.close();
    }
  });
});

describe('the log of `lp-api`', () => {
  it('LOG=1: a line per request, an order key cut to 8 characters; the start warns of the sandbox payment and outbox', async () => {
    const api = await run([CLI], { ...memory, LOG: '1' }, (out) => out.includes('API listening on'));
    const base = /listening on (http:\S+)/.exec(api.stdout)?.[1];
    const guid = '3804c833-395c-4f3e-8f86-7cd075183077';
    await (await fetch(`${base}/api/Order/getOrder?headerGuid=${guid}`)).arrayBuffer();
    await (await fetch(`${base}/api/Order/${guid}/coupon`, { method: 'DELETE' })).arrayBuffer();
    await (await fetch(`${base}/api/Order/LP-2026-000001/xrechnung?token=${guid}`)).arrayBuffer();
    const { stdout, stderr } = await api.stop();
    expect(stderr).toMatch(/sandbox payment page .*anyone can mark an order paid/);
    expect(stderr).toMatch(/Mails go to the sandbox outbox/);
    expect(stdout).toContain('"url":"/api/Order/getOrder?headerGuid=3804c833…"');
    expect(stdout).toContain('"url":"/api/Order/3804c833…/coupon"');
    expect(stdout).toContain('"url":"/api/Order/LP-2026-000001/xrechnung?token=3804c833…"');
    expect(stdout).not.toContain(guid);
  });

  it('names the sandbox pages at PUBLIC_URL, where people reach them behind a proxy, not at the listen address', async () => {
    // Stopped once both warnings are out: a SIGTERM before the start has installed its handler ends it at once.
    const api = await run([CLI], { ...memory, PUBLIC_URL: 'https://api.example.de/' }, (_out, err) =>
      err.includes('sandbox/outbox'),
    );
    const { stderr } = await api.stop();
    expect(stderr).toContain('sandbox payment page (https://api.example.de/sandbox/pay/…)');
    expect(stderr).toContain('sandbox outbox https://api.example.de/sandbox/outbox,');
  });

  it('without LOG: no request lines, but a 500 is written with its cause', async () => {
    // The environment's configuration, as the CLI reads it, with one route that fails. (A file: PGlite's worker
    // inherits the process's flags, and --input-type is refused there.)
    const script = join(mkdtempSync(join(tmpdir(), 'lp-operator-')), 'fault.mjs');
    const src = (file: string) => JSON.stringify(new URL(`../src/${file}`, import.meta.url).href);
    writeFileSync(
      script,
      `
      const { loadConfig } = await import(${src('config.ts')});
      const { createApi } = await import(${src('createApi.ts')});
      const app = await createApi(loadConfig({ DATA_DIR: 'memory' }));
      app.get('/test/fault', async () => { throw new Error('the disk is full'); });
      const res = await app.inject({ url: '/test/fault' });
      console.log('status', res.statusCode);
      await app.close();`,
    );
    const { code, stdout } = await run([script], {});
    rmSync(dirname(script), { recursive: true, force: true });
    expect(code).toBe(0);
    expect(stdout).toContain('status 500');
    expect(stdout).toMatch(/"level":50.*the disk is full/);
    expect(stdout).not.toContain('incoming request');
  });
});

describe('health and readiness for a load balancer', () => {
  it('/health/ready answers 200 while the database answers and 503 once it does not; /health stays 200', async () => {
    const { startApi } = await import('../src/index');
    const api = await startApi({ port: 0, dataDir: 'memory' });
    try {
      const ready = await fetch(`${api.url}/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok', database: 'pglite' }]);
      // The database gone (a PostgreSQL server stopped, a broken connection): the process lives, but cannot serve.
      await api.app.db.close();
      const down = await fetch(`${api.url}/health/ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 503, code: 'unavailable' });
      expect((await fetch(`${api.url}/health`)).status).toBe(200);
    } finally {
      await api.close();
    }
  });
});
