// Smoke test of the example as shipped: its start script (what the README's one command runs) packs the release
// set, installs it with npm from the tarballs like an outside project, builds the app with Vite and serves it
// against its own API. In Chromium the product shows, the generator adds a plate and the React header counts it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchProblems } from '../../../e2e/support/browser';

const dir = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const run = promisify(execFile);
let child: ChildProcess;
let browser: Browser;
let urls: { page: string; api: string };

/** The environment of a user's shell: nothing that vitest or pnpm set (NODE_ENV=test, npm_config_*). */
const userEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$|TEST$)/i.test(name)),
  );

/** Runs start.mjs (packing afresh, so the app runs today's packages) and resolves with the URLs it prints. */
function startExample(): Promise<typeof urls> {
  child = spawn(process.execPath, ['start.mjs', '--pack'], {
    cwd: dir,
    env: { ...userEnv(), PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /react-app example: (\S+?)\/? \(API (\S+)\)/.exec(output);
      if (found) resolve({ page: found[1]!, api: found[2]! });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`start.mjs exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  [urls, browser] = await Promise.all([startExample(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  child?.kill('SIGTERM');
});

describe('examples/react-app', () => {
  it('installs the tarballs the release pack writes (same names and versions)', () => {
    const { dependencies } = JSON.parse(read('../package.json')) as { dependencies: Record<string, string> };
    const manifest = JSON.parse(read('../../../.release/manifest.json')) as {
      name: string;
      version: string;
      file: string;
    }[];
    for (const { name, file } of manifest) expect(dependencies[name]).toBe(`file:../../.release/${file}`);
    const installed = JSON.parse(read('../node_modules/@lp/react/package.json')) as { dependencies: object };
    const packed = Object.fromEntries(manifest.map(({ name, version }) => [name, `^${version}`]));
    expect(installed.dependencies).toMatchObject({
      '@lp/sdk': packed['@lp/sdk'],
      '@lp/widget': packed['@lp/widget'],
    });
  });

  it('type-checks strictly with no typings of its own', async () => {
    await expect(
      run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.'], { cwd: dir }),
    ).resolves.toBeTruthy();
  }, 120_000);

  it('shows the product, adds a plate with the generator, and the header counts it', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    watchProblems(page, problems);
    await page.goto(`${urls.page}/`);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('Warenkorb: 0');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/kennzeichen/i);
    expect(await page.getByTestId('product-price').textContent()).toMatch(/^ab \d+,\d\d €$/);

    await page.locator('lp-plate-generator .price-total').waitFor();
    await page.locator('lp-plate-generator input[name="kennzeichen"]').fill('B-LP 123');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect.poll(() => page.getByTestId('last-added').textContent()).toBe('Hinzugefügt: B-LP 123');
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toMatch(/^Warenkorb: [1-9]\d*$/);
    // The cart is the SDK's (stored guid): a reload shows the same count.
    const count = await page.getByTestId('cart-count').textContent();
    await page.reload();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe(count);
    expect(problems).toEqual([]);
    await page.close();
  });
});
