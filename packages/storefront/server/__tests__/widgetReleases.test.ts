// @vitest-environment node
// A dealer page pins the widget's version in its tag (/widget/2.3.3/lp-widget.js); after a release the shop's widget
// is 2.3.4. Before (session 23, deployday) /widget/2.3.3/ answered 404 from the first moment of the release: a
// shopper whose browser had lp-widget.js cached got no plate generator (its lazy chunk lp-plates.js was gone, "Das
// Produkt konnte nicht geladen werden"), any other got no widget. Earlier builds kept in a releases folder are served
// under their version like the current one.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMMUTABLE } from '../staticFiles';
import { widgetRoutes } from '../widgetRoutes';

const root = mkdtempSync(join(tmpdir(), 'lp-widget-releases-'));

/** A widget build whose files say which build they are. */
function build(dir: string, label: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'lp-widget.js'), `/* widget ${label} */\n`);
  writeFileSync(join(dir, 'lp-plates.js'), `/* plates ${label} */\n`);
  return dir;
}

const current = build(join(root, 'widget', 'dist'), 'current');
writeFileSync(join(root, 'widget', 'package.json'), '{ "name": "@lp/widget", "version": "2.3.4" }');
const releases = join(root, 'releases');
writeFileSync(join(build(join(releases, '2.3.3'), '2.3.3'), '.env'), 'SECRET=1\n');
// A copy of the current version in the releases folder does not replace what the current build serves.
build(join(releases, '2.3.4'), 'stale copy');
mkdirSync(join(releases, 'notes'));
// A rolling release keeps each version in its own folder; the releases folder links to it.
symlinkSync(build(join(root, 'shop-releases', '2.3.1', 'widget-dist'), '2.3.1'), join(releases, '2.3.1'));

async function start(releasesDir?: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ forceCloseConnections: true });
  await app.register(widgetRoutes, { widgetDir: current, releasesDir });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

let shop: { app: FastifyInstance; url: string };
beforeAll(async () => {
  shop = await start(releases);
});
afterAll(async () => {
  await shop?.app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('earlier widget releases', () => {
  it("serves a pinned earlier version's script and lazy chunk as the current one: immutable, to any origin", async () => {
    for (const file of ['lp-widget.js', 'lp-plates.js']) {
      const res = await fetch(`${shop.url}/widget/2.3.3/${file}`, {
        headers: { origin: 'https://autohaus.example' },
      });
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe(IMMUTABLE);
      expect(res.headers.get('access-control-allow-origin'), file).toBe('*');
      expect(await res.text(), file).toContain('2.3.3');
    }
  });

  it('serves a version kept as a symbolic link to a release folder', async () => {
    const res = await fetch(`${shop.url}/widget/2.3.1/lp-widget.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('2.3.1');
  });

  it('keeps the current build for its own version, the alias on the current build, and 404 for others', async () => {
    expect(await (await fetch(`${shop.url}/widget/2.3.4/lp-plates.js`)).text()).toContain('current');
    expect(await (await fetch(`${shop.url}/widget/lp-plates.js`)).text()).toContain('current');
    for (const path of [
      '/widget/2.3.2/lp-widget.js',
      '/widget/notes/lp-widget.js',
      '/widget/2.3.3/../2.3.4/x.js',
      '/widget/2.3.3/.env',
    ])
      expect((await fetch(`${shop.url}${path}`)).status, path).toBe(404);
  });

  it('without the folder an earlier version is a 404; an unreadable folder is a warning, not a refused start', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const without = await start();
    const unreadable = await start(join(root, 'missing'));
    try {
      expect((await fetch(`${without.url}/widget/2.3.3/lp-plates.js`)).status).toBe(404);
      expect((await fetch(`${unreadable.url}/widget/2.3.3/lp-plates.js`)).status).toBe(404);
      expect((await fetch(`${unreadable.url}/widget/2.3.4/lp-plates.js`)).status).toBe(200);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/earlier widget releases not served/));
    } finally {
      await without.app.close();
      await unreadable.app.close();
      warn.mockRestore();
    }
  });
});
