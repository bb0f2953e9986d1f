// @vitest-environment node
// A page without a bundler imports the SDK by version (`import { createSdk } from '/sdk/0.1.1/sdk.js'`). Since
// session 24 the SDK's version names its bytes (packages/sdk/release.json), so a release that changes the SDK moves
// it to a new version, and /sdk/0.1.1/ answered 404 from the first moment of that release: the page lost its cart.
// Earlier builds kept in a releases folder (LP_SDK_RELEASES) are served under their version like the current one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMMUTABLE, staticFiles } from '../staticFiles';

const root = mkdtempSync(join(tmpdir(), 'lp-sdk-releases-'));

/** An SDK browser build whose script says which build it is. */
function build(dir: string, label: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'sdk.js'), `/* sdk ${label} */ export const createSdk = () => ({});\n`);
  writeFileSync(join(dir, 'sdk.js.map'), `{"version":3,"file":"sdk ${label}"}`);
  return dir;
}

const sdkDir = join(root, 'sdk');
build(join(sdkDir, 'dist', 'browser'), 'current');
writeFileSync(join(sdkDir, 'package.json'), '{ "name": "@lp/sdk", "version": "0.1.2" }');
const releases = join(root, 'sdk-releases');
build(join(releases, '0.1.1'), '0.1.1');
writeFileSync(join(releases, '0.1.1', '.env'), 'SECRET=1\n');
// A copy of the current version in the releases folder does not replace what the current build serves.
build(join(releases, '0.1.2'), 'stale copy');
build(join(releases, '.git'), 'dot folder');
mkdirSync(join(releases, 'notes'));

let shop: { app: FastifyInstance; url: string };
const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
beforeAll(async () => {
  const app = Fastify({ forceCloseConnections: true });
  await app.register(staticFiles, { assetsDir: join(root, 'assets'), sdkDir, sdkReleasesDir: releases });
  shop = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
});
afterAll(async () => {
  await shop?.app.close();
  warn.mockRestore();
  rmSync(root, { recursive: true, force: true });
});

describe('earlier SDK releases', () => {
  it("serves a page's pinned earlier version as the current one: immutable, to any origin", async () => {
    for (const file of ['sdk.js', 'sdk.js.map']) {
      const res = await fetch(`${shop.url}/sdk/0.1.1/${file}`, {
        headers: { origin: 'https://dealer.example' },
      });
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe(IMMUTABLE);
      expect(res.headers.get('access-control-allow-origin'), file).toBe('*');
      expect(await res.text(), file).toContain('sdk 0.1.1');
    }
  });

  it('keeps the current build for its own version and answers 404 for other versions, dot files and folders', async () => {
    expect(await (await fetch(`${shop.url}/sdk/0.1.2/sdk.js`)).text()).toContain('sdk current');
    for (const path of ['/sdk/0.1.0/sdk.js', '/sdk/notes/sdk.js', '/sdk/.git/sdk.js', '/sdk/0.1.1/.env'])
      expect((await fetch(`${shop.url}${path}`)).status, path).toBe(404);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${join(releases, '.git')} is not served`));
  });
});
