// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityHeaders } from '../securityHeaders';
import { IMMUTABLE, staticFiles } from '../staticFiles';

// The server's order (server/index.ts): security headers, compression, then the files. A fake SDK package keeps
// the test apart from the real build: its version is what the URL must carry.
const root = mkdtempSync(join(tmpdir(), 'lp-static-'));
const SDK_JS = `export const createSdk = () => ({});\n//${'x'.repeat(4000)}\n`;

function folder(path: string, files: Record<string, string> = {}): string {
  const dir = join(root, path);
  mkdirSync(dir, { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

async function start(sdkDir: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ forceCloseConnections: true });
  await securityHeaders(app, { apiOrigin: '', https: false });
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(staticFiles, {
    assetsDir: folder('assets', { 'app-abc123.js': 'console.log(1);\n', '.env': 'SECRET=1\n' }),
    sdkDir,
  });
  // As pageRoutes: every other path is a page, and the shop redirects an unknown one to /404.
  app.get('/*', (_request, reply) => reply.redirect('/404'));
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

let shop: { app: FastifyInstance; url: string };
beforeAll(async () => {
  const sdkDir = folder('sdk', { 'package.json': '{ "name": "@lp/sdk", "version": "1.2.3" }' });
  folder('sdk/dist/browser', { 'sdk.js': SDK_JS, 'sdk.js.map': '{"version":3}' });
  shop = await start(sdkDir);
});
afterAll(async () => {
  await shop?.app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('/assets/', () => {
  it('serves a hashed file and answers 404 for a dot file left in the folder', async () => {
    expect((await fetch(`${shop.url}/assets/app-abc123.js`)).status).toBe(200);
    const dotFile = await fetch(`${shop.url}/assets/.env`);
    expect(dotFile.status).toBe(404);
    expect(await dotFile.text()).not.toContain('SECRET');
  });
});

describe('/sdk/<version>/sdk.js (the SDK for pages without a bundler)', () => {
  it('serves the build under the package version: JavaScript, immutable for a year, readable from any origin', async () => {
    const res = await fetch(`${shop.url}/sdk/1.2.3/sdk.js`, {
      headers: { origin: 'https://dealer.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toBe(SDK_JS);
    expect((await fetch(`${shop.url}/sdk/1.2.3/sdk.js.map`)).status).toBe(200);
  });

  it('compresses with brotli or gzip, as the other files', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${shop.url}/sdk/1.2.3/sdk.js`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toBe(SDK_JS);
    }
  });

  it('answers 404 for another version or a file outside the build, never a page', async () => {
    for (const path of [
      '/sdk/1.2.2/sdk.js',
      '/sdk/latest/sdk.js',
      '/sdk/1.2.3/package.json',
      '/sdk/sdk.js',
    ]) {
      expect((await fetch(`${shop.url}${path}`, { redirect: 'manual' })).status, path).toBe(404);
    }
  });

  it('opens CORS and the resource policy on /sdk/ only', async () => {
    const asset = await fetch(`${shop.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('access-control-allow-origin')).toBeNull();
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('starts without the SDK build, says so, and answers 404 there until it is built', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unbuilt = folder('unbuilt-sdk', { 'package.json': '{ "version": "2.0.0" }' });
    const bare = await start(unbuilt);
    try {
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/sdk\.js is missing; \/sdk\/2\.0\.0\/sdk\.js answers 404/),
      );
      expect((await fetch(`${bare.url}/sdk/2.0.0/sdk.js`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${bare.url}/assets/app-abc123.js`)).status).toBe(200);
      folder('unbuilt-sdk/dist/browser', { 'sdk.js': SDK_JS });
      expect((await fetch(`${bare.url}/sdk/2.0.0/sdk.js`)).status, 'built later, no restart').toBe(200);
    } finally {
      await bare.app.close();
      warn.mockRestore();
    }
  });
});
