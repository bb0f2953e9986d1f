// @vitest-environment node
// Session 24, hostile: a careless operator and a curious visitor at the earlier widget releases that session 23
// serves from LP_WIDGET_RELEASES (./widgetReleases.test.ts has the honest cases). Before the fix a relative
// LP_WIDGET_RELEASES, or a folder named "*" in it, stopped the storefront's start with @fastify/static's or Fastify's
// error (the whole shop down after a release); a dot folder with an lp-widget.js was served as a version.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { widgetRoutes } from '../widgetRoutes';

const root = mkdtempSync(join(tmpdir(), 'lp-hostile-releases-'));

/** A widget build whose script says which build it is. */
function build(dir: string, label: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'lp-widget.js'), `/* widget ${label} */\n`);
  return dir;
}

const current = build(join(root, 'widget', 'dist'), 'current');
writeFileSync(join(root, 'widget', 'package.json'), '{ "name": "@lp/widget", "version": "2.3.4" }');
writeFileSync(join(root, 'secret.txt'), 'SECRET=1\n');

const apps: FastifyInstance[] = [];
async function start(releasesDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await app.register(widgetRoutes, { widgetDir: current, releasesDir });
  await app.ready();
  return app;
}
const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body };
};

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(root, { recursive: true, force: true });
});

describe('earlier widget releases against a careless operator and a curious visitor', () => {
  it('reads a relative LP_WIDGET_RELEASES from the working directory instead of refusing to start', async () => {
    const releases = join(root, 'relative');
    build(join(releases, '2.3.3'), '2.3.3');
    const app = await start(relative(process.cwd(), releases));
    expect(await get(app, '/widget/2.3.3/lp-widget.js')).toEqual({
      status: 200,
      body: '/* widget 2.3.3 */\n',
    });
  });

  it('starts and serves the real versions when a folder has a name no route can hold; a dot folder is not served', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const releases = join(root, 'odd');
    build(join(releases, '2.3.3'), '2.3.3');
    for (const name of ['*', '.git', 'v 1', '1.0.0+build.7', 'ü']) build(join(releases, name), name);
    const app = await start(releases);
    expect((await get(app, '/widget/2.3.3/lp-widget.js')).status).toBe(200);
    for (const path of ['/widget/.git/lp-widget.js', '/widget/*/lp-widget.js', '/widget/%2A/lp-widget.js'])
      expect((await get(app, path)).body, path).not.toContain('/* widget');
    // The operator learns which folders are left out, and why.
    const warnings = warn.mock.calls.map(([line]) => String(line)).join('\n');
    expect(warnings).toContain(`${join(releases, '*')} is not served`);
    expect(warnings).toContain(`${join(releases, 'v 1')} is not served`);
    expect(warnings).not.toContain(`${join(releases, '2.3.3')} is not served`);
  });

  it('answers encoded dots, traversal and long or broken paths with a 4xx, never a file outside or a 500', async () => {
    const releases = join(root, 'traversal');
    build(join(releases, '2.3.3'), '2.3.3');
    const app = await start(releases);
    for (const path of [
      '/widget/2.3.3/../../../secret.txt',
      '/widget/2.3.3/%2e%2e/%2e%2e/%2e%2e/secret.txt',
      '/widget/2.3.3/..%2f..%2f..%2fsecret.txt',
      '/widget/%2e%2e/%2e%2e/secret.txt',
      '/widget/..%2f..%2fsecret.txt',
      '/widget/2.3.3/%00',
      `/widget/2.3.3/${'a'.repeat(5000)}`,
      '/widget/%E0%A4%A/lp-widget.js',
    ]) {
      const { status, body } = await get(app, path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status, path).toBeLessThan(500);
      expect(body, path).not.toContain('SECRET');
    }
  });

  it('answers 404 for a release removed while the storefront runs, also one kept as a link', async () => {
    const releases = join(root, 'removed');
    build(join(releases, '2.3.2'), '2.3.2');
    symlinkSync(build(join(root, 'kept', '2.3.1'), '2.3.1'), join(releases, '2.3.1'));
    const app = await start(releases);
    expect((await get(app, '/widget/2.3.1/lp-widget.js')).status).toBe(200);
    rmSync(join(releases, '2.3.2'), { recursive: true });
    rmSync(join(root, 'kept'), { recursive: true });
    expect((await get(app, '/widget/2.3.2/lp-widget.js')).status).toBe(404);
    expect((await get(app, '/widget/2.3.1/lp-widget.js')).status).toBe(404);
  });
});
