// The storefront's own start (`node dist/server/main.js`, what `pnpm --filter @lp/storefront start` runs) as an
// operator meets it: a PORT that is no port, or one already taken, stops it with one line naming PORT instead of a
// silent fallback to 3000 or a stack trace.
import { spawn, spawnSync } from 'node:child_process';
import { type Server, createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureStorefrontBuilt } from '../storefront/storefrontWorld';
import { freePort } from '../../scripts/freePort.mjs';

const MAIN = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../packages/storefront/dist/server/main.js',
);

/** Starts the storefront as an operator would; the API is not needed to see how the start ends. */
function run(env: Record<string, string>) {
  return spawnSync(process.execPath, [MAIN], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, API_URL: 'http://127.0.0.1:9', ...env },
  });
}

beforeAll(() => ensureStorefrontBuilt());

describe('the storefront start', () => {
  it.each(['abc', '70000', '-1', '3.5'])('PORT=%s stops it with one line naming PORT', (port) => {
    const result = run({ PORT: port });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`PORT must be a port number (0-65535), got '${port}'.`);
  });

  // Session 26 (trustfix, from review26): a typo such as a trailing slash trusted every client to name any address.
  it.each(['10.0.0.1/', '10.0.0.0/33', 'lb.internal'])(
    'TRUST_PROXY=%s stops it with one line naming it',
    (trust) => {
      const result = run({ PORT: '0', TRUST_PROXY: trust });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(new RegExp(`^TRUST_PROXY must be .*, got '${trust}'\\.$`));
    },
  );

  it('a port already in use stops it with one line naming PORT', async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((done) => taken.listen(port, '127.0.0.1', done));
    try {
      const result = run({ PORT: String(port) });
      expect(result.status).toBe(1);
      // Before it, the warning that this test's API address answers nothing; no stack trace.
      expect(result.stderr.trim().split('\n').at(-1)).toBe(
        `Port ${port} on 127.0.0.1 is already in use (is the storefront already running?). Stop that process or set PORT to another port.`,
      );
      expect(result.stderr).not.toMatch(/^\s+at /m);
    } finally {
      taken.close();
    }
  });

  it('warns while LP_SITE_URL or LP_PROXY_SECRET is unset: wrong canonical links, one limit for all shoppers', async () => {
    // `env` is the whole environment of the process: a variable left out of it is unset there.
    const lines = async (env: NodeJS.ProcessEnv, until: string) => {
      const child = spawn(process.execPath, [MAIN], {
        env: { ...env, API_URL: 'http://127.0.0.1:9', PORT: '0' },
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      try {
        // stdout and stderr are two pipes: wait for the line the case is about, not for their order.
        await expect.poll(() => out, { timeout: 20_000 }).toContain(until);
        return out;
      } finally {
        child.kill('SIGTERM');
      }
    };
    const { LP_SITE_URL: _, LP_PROXY_SECRET: _secret, ...bare } = process.env;
    const warned = await lines(bare, 'LP_PROXY_SECRET is not set');
    expect(warned).toMatch(/\[warn\] LP_SITE_URL is not set/);
    expect(warned).toMatch(/\[warn\] LP_PROXY_SECRET is not set: the API counts every shopper/);
    const configured = {
      ...process.env,
      LP_SITE_URL: 'https://shop.example.de',
      LP_PROXY_SECRET: 'a-secret-of-this-test-0123456789',
    };
    const quiet = await lines(configured, 'Storefront listening on');
    expect(quiet).not.toContain('LP_SITE_URL is not set');
    expect(quiet).not.toContain('LP_PROXY_SECRET is not set');
  });
});
