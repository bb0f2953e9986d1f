// DESIGN 9: the release set installs from a real npm registry into a project outside the workspace, and runs there.
// `pnpm release:pack` packs @lp/sdk, @lp/widget and @lp/react; verdaccio on loopback receives them through
// `npm publish`; a new project in the OS temp folder installs them with npm (its `.npmrc` takes only the `@lp`
// scope from the loopback registry, the rest from the public one, as a user of a private registry would), then
// runs Node scripts against the real API, type-checks a strict React app, builds it with Vite and uses it in
// Chromium. Nothing is mocked.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, launchBrowser, serveStatic } from '../support/browser';
import { INSTALL, writeConsumerProject } from './consumerProject';
import { type LoopbackRegistry, npmEnv, startLoopbackRegistry } from './loopbackRegistry';

const exec = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const RELEASE_DIR = join(ROOT, '.release');
/** The whole round trip (pack, publish, install, build) is bounded; a cold npm cache is the slow part. */
const SETUP_TIMEOUT = 6 * 60_000;

interface ManifestEntry {
  name: string;
  version: string;
  file: string;
  bytes: number;
}

const timings: Record<string, number> = {};
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[name] = Date.now() - started;
  }
}

/** Runs a command in the consumer project with a clean npm environment; rejects with its output on failure. */
async function inProject(cwd: string, command: string, args: string[], env: Record<string, string> = {}) {
  try {
    return await exec(command, args, {
      cwd,
      env: npmEnv(env),
      maxBuffer: 32 * 1024 * 1024,
      timeout: 4 * 60_000,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    );
  }
}

let work: string;
let project: string;
let pack: { code: number; stderr: string };
let manifest: ManifestEntry[];
let registry: LoopbackRegistry | undefined;
let api: { url: string; close(): Promise<void> } | undefined;
let site: StaticServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'lp-release-'));
  project = join(work, 'shop-app');
  mkdirSync(join(project, 'dist'), { recursive: true });

  // The root test runner has built every package already (LP_BUILT=1); alone, the pack builds the release set.
  pack = await timed('pack', async () => {
    const args = ['scripts/releasePack.mjs', ...(process.env.LP_BUILT === '1' ? ['--no-build'] : [])];
    try {
      await exec(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
      return { code: 0, stderr: '' };
    } catch (error) {
      const failed = error as { code?: number; stderr?: string };
      return { code: failed.code ?? 1, stderr: failed.stderr ?? String(error) };
    }
  });
  // Written even when a check refuses the set, so the install below still shows what a user would get.
  manifest = JSON.parse(readFileSync(join(RELEASE_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];

  mkdirSync(join(work, 'registry'));
  registry = await startLoopbackRegistry(join(work, 'registry'));
  await timed('publish', async () => {
    for (const entry of manifest) await registry!.publish(join(RELEASE_DIR, entry.file));
  });

  site = await serveStatic(join(project, 'dist'));
  api = await startApi({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory',
    rateLimit: false,
    corsOrigins: [site.url],
  });

  writeConsumerProject(project, registry.url);
  // The lockfile records each package's origin (some npm configs leave `resolved` out); the test reads it.
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--omit-lockfile-registry-resolved=false'];
  await timed('npm install', () => inProject(project, 'npm', ['install', ...INSTALL, ...flags]));
}, SETUP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await Promise.all([registry?.close(), api?.close(), site?.close()]);
  const figures = Object.entries(timings).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
  console.log(`registry round trip: ${figures.join(', ')}`);
  if (work && !process.env.LP_KEEP_ROUND_TRIP) rmSync(work, { recursive: true, force: true });
});

describe('the release set through a real registry', () => {
  it('packs dist only, with semver ranges between the packages', () => {
    expect(pack.stderr.trim()).toBe('');
    expect(pack.code).toBe(0);
    expect(manifest.map((entry) => entry.name)).toEqual(['@lp/sdk', '@lp/widget', '@lp/react']);
  });

  it('installs every @lp package from the loopback registry, @lp/sdk once for all three', () => {
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; resolved?: string }>;
    };
    const lpEntries = Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/@lp/'));
    expect(lpEntries.map(([path]) => path).sort()).toEqual([
      'node_modules/@lp/react',
      'node_modules/@lp/sdk',
      'node_modules/@lp/widget',
    ]);
    for (const [, entry] of lpEntries) expect(entry.resolved?.startsWith(registry!.url)).toBe(true);
    // Public dependencies of the set came from the public registry (the loopback one has no uplink).
    expect(lock.packages['node_modules/zustand']?.resolved).not.toContain('127.0.0.1');
  });

  it('installs @lp/widget alone: its @lp/sdk range resolves from the same registry, its element types type-check', async () => {
    const alone = join(work, 'widget-alone');
    mkdirSync(alone, { recursive: true });
    writeConsumerProject(alone, registry!.url);
    await inProject(alone, 'npm', ['install', '@lp/widget', '--prefer-offline', '--no-audit', '--no-fund']);
    const sdk = JSON.parse(readFileSync(join(alone, 'node_modules/@lp/sdk/package.json'), 'utf8'));
    const widget = JSON.parse(readFileSync(join(alone, 'node_modules/@lp/widget/package.json'), 'utf8'));
    expect(widget.dependencies['@lp/sdk']).toBe(`^${sdk.version}`);
    // A plain TypeScript user of the widget alone: typed elements and events, no typings of its own.
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    await inProject(alone, process.execPath, [tsc, '-p', 'tsconfig.plain.json']);
  }, 120_000);

  it("runs getting-started's Install commands and first script as written", async () => {
    const guide = readFileSync(join(ROOT, 'docs/learn/getting-started.md'), 'utf8');
    const install = /## Install[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1];
    const script = /## 3\. Your first script[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(install).toContain('npm install @lp/sdk');
    const newcomer = join(work, 'getting-started');
    mkdirSync(newcomer, { recursive: true });
    // The shop's registry URL of the guide is the loopback one here; the commands are otherwise the guide's.
    const commands = install!.replace('https://npm.your-shop.example/', registry!.url);
    await timed('getting-started install', () => inProject(newcomer, 'sh', ['-e', '-c', commands]));
    writeFileSync(join(newcomer, 'first.mjs'), script!);
    const { stdout } = await inProject(newcomer, process.execPath, ['first.mjs'], { LP_API_URL: api!.url });
    expect(stdout).toMatch(/^\d+ products, for example .+\n1 \{\s+cartAmount: /);
  }, 180_000);

  it('runs a Node ESM script and a CommonJS script against the API', async () => {
    for (const script of ['order.mjs', 'order.cjs']) {
      const { stdout } = await inProject(project, process.execPath, [script], { LP_API_URL: api!.url });
      expect(JSON.parse(stdout.trim()), script).toEqual({ product: 'funschild', count: 2 });
    }
  }, 60_000);

  it('type-checks a strict React app with the binding and the raw element, no typings of its own', async () => {
    await timed('tsc', () =>
      inProject(project, process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']),
    );
  }, 120_000);

  it('builds the app with Vite and adds a plate in Chromium; the React header counts it', async () => {
    const built = await timed('vite build', () =>
      inProject(project, process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
        VITE_LP_API: api!.url,
      }),
    );
    // A package that makes a user's build warn (paths into node_modules, missing exports) is a packaging defect.
    expect(`${built.stdout}${built.stderr}`).not.toMatch(/\bwarn|error\b/i);
    browser = await launchBrowser();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site!.url}/index.html`);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('Warenkorb: 0');
    await page.locator('lp-plate-generator .price-total').waitFor();
    await page.locator('lp-plate-generator input[name="kennzeichen"]').fill('B-LP 123');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('Warenkorb: 2');
    await expect.poll(() => page.getByTestId('last-added').textContent()).toBe('B-LP 123');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
