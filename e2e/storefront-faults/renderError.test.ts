// A render that fails for a reason other than the API (failure injection: a build whose renderer throws) still
// answers the German error page with status 500, reported, never a blank page or a hanging request.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningStorefront, startStorefront } from '../../packages/storefront/server/index';

let dist = '';
let shop: RunningStorefront;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'lp-broken-build-'));
  mkdirSync(join(dist, 'server'));
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'));
  writeFileSync(
    join(dist, 'server', 'entry-server.js'),
    `export async function createRenderer() {
      return { company: {}, render: async () => { throw new Error('render broke'); }, sitemap: async () => [] };
    }`,
  );
  writeFileSync(
    join(dist, 'client', '.vite', 'manifest.json'),
    JSON.stringify({
      'src/entry-client.tsx': { file: 'assets/app.js', css: ['assets/app.css'], isEntry: true },
    }),
  );
  shop = await startStorefront({ port: 0, apiUrl: 'http://127.0.0.1:9', distDir: dist, env: {} });
});
afterAll(async () => {
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a render error', () => {
  it('answers the German error page with 500, no-store, and reports it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await fetch(`${shop.url}/kfz-kennzeichen`);
      expect(response.status).toBe(500);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const page = await response.text();
      expect(page).toMatch(/^<!doctype html><html lang="de">/);
      expect(page).toContain('<h1>Es ist ein Fehler aufgetreten</h1>');
      expect(page).toContain('<link rel="stylesheet" href="/assets/app.css">');
      expect(
        logged.mock.calls.some(([line]) => String(line).includes('route:/kfz-kennzeichen: render broke')),
      ).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});
