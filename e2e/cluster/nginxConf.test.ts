// The generated nginx.conf of `pnpm start:cluster` (docs/learn/run-in-production.md), run by a real nginx in front
// of upstreams that echo what they received: which client address reaches the API, and who answered.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNginx } from '../../scripts/ensureNginx.mjs';
import { freePort, nginxConf } from '../../scripts/startCluster.mjs';

// As long as the secret run-in-production.md suggests (`openssl rand -hex 32`): nginx's default map bucket refused
// a map key that long, so nginx did not start.
const SECRET = '0123456789abcdef'.repeat(4);
const echoes: Server[] = [];
let dir = '';
let stopNginx = () => undefined as unknown;
const urls = { shop: '', api: '', internal: '' };

/** An upstream answering with the forwarding headers it got. */
async function echo(): Promise<number> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        forwardedFor: req.headers['x-forwarded-for'] ?? null,
        secret: req.headers['x-lp-proxy-secret'] ?? null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  echoes.push(server);
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const nginx = ensureNginx();
  if (!nginx) throw new Error('nginx is not installed and could not be installed.');
  dir = mkdtempSync(join(tmpdir(), 'lp-nginx-test-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, 'tmp', sub), { recursive: true });
  const apis = [
    { name: 'api-1', port: await echo() },
    { name: 'api-2', port: await echo() },
  ];
  const shops = [
    { name: 'shop-1', port: await echo() },
    { name: 'shop-2', port: await echo() },
  ];
  const [shopPort, apiPort, internalApiPort] = [await freePort(), await freePort(), await freePort()];
  const conf = join(dir, 'nginx.conf');
  const user = process.getuid?.() === 0 ? userInfo().username : null;
  writeFileSync(
    conf,
    nginxConf({ dir, user, shopPort, apiPort, internalApiPort, apis, shops, proxySecret: SECRET }),
  );
  const child = spawn(nginx, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: 'inherit' });
  stopNginx = () => child.kill('SIGQUIT');
  urls.shop = `http://127.0.0.1:${shopPort}`;
  urls.api = `http://127.0.0.1:${apiPort}`;
  urls.internal = `http://127.0.0.1:${internalApiPort}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(urls.api);
      break;
    } catch (error) {
      if (i > 200 || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});
afterAll(async () => {
  stopNginx();
  await Promise.all(echoes.map((server) => new Promise((resolve) => server.close(resolve))));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return {
    body: (await res.json()) as { forwardedFor: string | null; secret: string | null },
    api: res.headers.get('x-lp-api-instance'),
    shop: res.headers.get('x-lp-shop-instance'),
  };
}

describe('nginx in front of the API and storefront processes', () => {
  it('replaces a client-sent X-Forwarded-For at the public listeners with the real peer', async () => {
    for (const url of [urls.api, urls.shop]) {
      const { body } = await get(url, { 'X-Forwarded-For': '203.0.113.7' });
      expect(body.forwardedFor).toBe('127.0.0.1');
    }
  });

  it('keeps the storefront-named shopper at the internal listener only with the proxy secret', async () => {
    const honest = await get(urls.internal, {
      'X-Forwarded-For': '198.51.100.4',
      'X-LP-Proxy-Secret': SECRET,
    });
    expect(honest.body).toEqual({ forwardedFor: '198.51.100.4', secret: SECRET });
    const forged = await get(urls.internal, {
      'X-Forwarded-For': '198.51.100.4',
      'X-LP-Proxy-Secret': 'guess',
    });
    expect(forged.body.forwardedFor).toBe('127.0.0.1');
    const bare = await get(urls.internal, { 'X-Forwarded-For': '198.51.100.4' });
    expect(bare.body.forwardedFor).toBe('127.0.0.1');
  });

  it('alternates between the two processes of each kind and names them', async () => {
    const apis = new Set<string | null>();
    const shops = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      apis.add((await get(urls.api)).api);
      shops.add((await get(urls.shop)).shop);
    }
    expect([...apis].sort()).toEqual(['api-1', 'api-2']);
    expect([...shops].sort()).toEqual(['shop-1', 'shop-2']);
  });
});
