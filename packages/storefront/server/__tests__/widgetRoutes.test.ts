// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityHeaders } from '../securityHeaders';
import { IMMUTABLE, REVALIDATE } from '../staticFiles';
import { widgetRoutes } from '../widgetRoutes';

// A fake widget package (package.json + dist/) keeps the test apart from the real build, as the server orders it
// (server/index.ts): security headers, compression, the files, then the pages.
const root = mkdtempSync(join(tmpdir(), 'lp-widget-routes-'));
const WIDGET_JS = `(()=>{window.LpWidget={}})();\n//${'x'.repeat(3000)}\n`;
const sri = (body: string) => `sha384-${createHash('sha384').update(body).digest('base64')}`;
const MANIFEST = JSON.stringify({
  name: '@lp/widget',
  version: '2.3.4',
  files: { 'lp-widget.js': { integrity: sri(WIDGET_JS) } },
});

function widgetPackage(path: string, packageJson: string | null): string {
  const dist = join(root, path, 'dist');
  mkdirSync(dist, { recursive: true });
  if (packageJson !== null) writeFileSync(join(root, path, 'package.json'), packageJson);
  writeFileSync(join(dist, 'lp-widget.js'), WIDGET_JS);
  writeFileSync(join(dist, 'lp-plates.js'), 'console.log("plates");\n');
  writeFileSync(join(dist, 'manifest.json'), MANIFEST);
  return dist;
}

async function start(widgetDir: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ forceCloseConnections: true });
  await securityHeaders(app, { apiOrigin: '', https: false });
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(widgetRoutes, { widgetDir });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send('Nicht gefunden'));
  app.get('/*', (_request, reply) => reply.redirect('/404'));
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

let shop: { app: FastifyInstance; url: string };
beforeAll(async () => {
  shop = await start(widgetPackage('widget', '{ "name": "@lp/widget", "version": "2.3.4" }'));
});
afterAll(async () => {
  await shop?.app.close();
  rmSync(root, { recursive: true, force: true });
});

const dealer = { origin: 'https://autohaus.example' };

describe('/widget/<version>/ and the latest alias /widget/', () => {
  it('serves the versioned files immutable for a year, to any origin, with the bytes the manifest hashes', async () => {
    const res = await fetch(`${shop.url}/widget/2.3.4/lp-widget.js`, { headers: dealer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const body = await res.text();
    const manifest = await (await fetch(`${shop.url}/widget/2.3.4/manifest.json`)).json();
    expect(sri(body)).toBe(manifest.files['lp-widget.js'].integrity);
    // The lazy chunk comes from the same versioned folder, under the same rules.
    const chunk = await fetch(`${shop.url}/widget/2.3.4/lp-plates.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('keeps /widget/lp-widget.js and /widget/manifest.json as the short-cached latest alias', async () => {
    for (const path of ['/widget/lp-widget.js', '/widget/manifest.json']) {
      const res = await fetch(`${shop.url}${path}`, { headers: dealer });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(REVALIDATE);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    expect(await (await fetch(`${shop.url}/widget/lp-widget.js`)).text()).toBe(WIDGET_JS);
  });

  it('compresses, and the decompressed bytes still match the hash', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${shop.url}/widget/2.3.4/lp-widget.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(sri(await res.text())).toBe(sri(WIDGET_JS));
    }
  });

  it('answers 404 for another version, a missing file or a path out of the folder, never a page', async () => {
    for (const path of [
      '/widget/2.3.3/lp-widget.js',
      '/widget/latest/lp-widget.js',
      '/widget/2.3.4/nope.js',
      '/widget/2.3.4/../package.json',
      '/widget/2.3.4/%2e%2e/package.json',
      '/widget/..%2fpackage.json',
      `/widget/${'a'.repeat(200)}.js`,
    ]) {
      const res = await fetch(`${shop.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
    }
  });

  it('starts without a readable widget version, says so, and still serves the alias', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bare = await start(widgetPackage('no-version', null));
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/no widget version/));
      expect((await fetch(`${bare.url}/widget/lp-widget.js`)).status).toBe(200);
      expect((await fetch(`${bare.url}/widget/2.3.4/lp-widget.js`)).status).toBe(404);
    } finally {
      await bare.app.close();
      warn.mockRestore();
    }
  });

  it('says so at start when the widget is not built: every dealer page would load a 404', async () => {
    const unbuilt = join(root, 'unbuilt', 'dist');
    mkdirSync(unbuilt, { recursive: true });
    writeFileSync(join(root, 'unbuilt', 'package.json'), '{ "name": "@lp/widget", "version": "2.3.4" }');
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bare = await start(unbuilt);
    try {
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/lp-widget\.js is missing.*pnpm build/));
      expect((await fetch(`${bare.url}/widget/lp-widget.js`)).status).toBe(404);
    } finally {
      await bare.app.close();
      warn.mockRestore();
    }
  });
});
