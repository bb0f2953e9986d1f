// The release set as an integrator meets it on npm, read from the packed tarballs (what `npm publish` uploads), not
// from the source tree: the README an npm page and node_modules show, the licence, the types of every `exports`
// entry under each TypeScript module resolution (a real `tsc` in a project outside the workspace), CommonJS and ESM
// loading in Node, and React 18.3, the low end of @lp/react's peer range (the round trip uses React 19).
// Packs what is built (`pnpm release:pack --no-build`): build first, or let the root runner do it (LP_BUILT=1).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startApi } from '@lp/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_DIR, type ReleaseManifestEntry, releasePack } from '../../scripts/releasePack.mjs';
import { launchBrowser, serveStatic } from '../support/browser';
import { npmEnv } from './loopbackRegistry';
import { buildReact18App } from './react18App';

const exec = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const built = ['sdk', 'widget', 'react'].every((name) => existsSync(join(ROOT, 'packages', name, 'dist')));
const mustCheck = built || process.env.LP_BUILT === '1';
if (!mustCheck)
  console.warn('[packed packages] no build: run `pnpm -r --filter "./packages/*" run build` first.');

let work: string;
let project: string;
let packed: (ReleaseManifestEntry & { paths: string[] })[];

async function run(cwd: string, command: string, args: string[]) {
  try {
    return await exec(command, args, {
      cwd,
      env: npmEnv(),
      maxBuffer: 16 * 1024 * 1024,
      timeout: 4 * 60_000,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

const tarballText = (entry: ReleaseManifestEntry, path: string) =>
  readFileSync(join(work, entry.name, 'package', path), 'utf8');
/** Markdown without fenced blocks and inline code: a `[x](y)` there is an example, not a link. */
const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
const codeBlocks = (text: string, languages: string) =>
  [...text.matchAll(new RegExp(`^\`\`\`(${languages})\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map((m) => m.slice(1));

beforeAll(async () => {
  if (!mustCheck) return;
  work = mkdtempSync(join(tmpdir(), 'lp-packed-'));
  project = join(work, 'consumer');
  mkdirSync(project);
  const { manifest } = releasePack({ build: false, log: () => {} });
  packed = await Promise.all(
    manifest.map(async (entry) => {
      const dir = join(work, entry.name);
      mkdirSync(dir, { recursive: true });
      await run(dir, 'tar', ['-xzf', join(RELEASE_DIR, entry.file)]);
      const { stdout } = await run(dir, 'tar', ['-tzf', join(RELEASE_DIR, entry.file)]);
      return {
        ...entry,
        paths: stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.replace(/^package\//, '')),
      };
    }),
  );
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
  const tarballs = manifest.map((entry) => join(RELEASE_DIR, entry.file));
  const react18 = ['react@~18.3', 'react-dom@~18.3', '@types/react@^18', '@types/react-dom@^18'];
  await run(project, 'npm', [
    'install',
    ...tarballs,
    ...react18,
    'typescript@~5.9',
    ...['--prefer-offline', '--no-audit', '--no-fund'],
  ]);
}, 5 * 60_000);

afterAll(() => {
  if (work && !process.env.LP_KEEP_ROUND_TRIP) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!mustCheck)('the packed release set, as an integrator meets it', () => {
  it('ships a LICENSE with the licence package.json names, and READMEs whose links open files of the package', () => {
    for (const entry of packed) {
      const manifest = JSON.parse(tarballText(entry, 'package.json')) as { license: string };
      expect(entry.paths, entry.name).toContain('LICENSE');
      expect(tarballText(entry, 'LICENSE'), entry.name).toMatch(
        new RegExp(`^${manifest.license} License\\n`),
      );
      // On the npm page and in node_modules only the tarball exists: `../../docs/…` leads nowhere.
      for (const page of entry.paths.filter((path) => path.endsWith('.md'))) {
        const targets = [...prose(tarballText(entry, page)).matchAll(/\]\(\s*<?([^)\s>#]*)[^)]*\)/g)]
          .map((match) => match[1]!)
          .filter((target) => target && !/^[a-z][a-z0-9+.-]*:/i.test(target));
        const dead = targets.filter(
          (target) => !entry.paths.includes(normalize(join(dirname(page), target))),
        );
        expect(dead, `${entry.name} ${page}: links to files the package does not ship`).toEqual([]);
      }
    }
  });

  it('ships source maps that carry their sources (the TypeScript sources are not in the package)', () => {
    for (const entry of packed) {
      for (const map of entry.paths.filter((path) => path.endsWith('.map'))) {
        const { sources, sourcesContent = [] } = JSON.parse(tarballText(entry, map)) as {
          sources: string[];
          sourcesContent?: (string | null)[];
        };
        const missing = sources.filter((_, index) => typeof sourcesContent[index] !== 'string');
        expect(missing, `${entry.name} ${map}: sources a debugger cannot show`).toEqual([]);
      }
    }
  });

  it("the SDK's hosted bundle carries the licence of the code it bundles (zustand's MIT notice)", () => {
    const sdk = packed.find((entry) => entry.name === '@lp/sdk')!;
    // The file the shop serves under /sdk/<version>/ names where the notices are; the notices are next to it.
    const banner = tarballText(sdk, 'dist/browser/sdk.js').split('\n', 1)[0];
    expect(banner).toMatch(/^\/\*! .*sdk\.js\.LICENSE\.txt \*\/$/);
    const notices = tarballText(sdk, 'dist/browser/sdk.js.LICENSE.txt');
    expect(notices).toContain(tarballText(sdk, 'LICENSE').trim());
    expect(notices).toContain(readFileSync(join(project, 'node_modules/zustand/LICENSE'), 'utf8').trim());
  });

  it('types every exports entry under node16 and nodenext (ESM and CommonJS), bundler and node10', async () => {
    let esm = 'type IsAny<T> = 0 extends 1 & T ? true : false;\n';
    let cjs = esm;
    packed.forEach((entry, p) => {
      const { exports } = JSON.parse(tarballText(entry, 'package.json')) as {
        exports: Record<string, unknown>;
      };
      Object.entries(exports).forEach(([subpath, target], s) => {
        if (typeof target === 'string') return; // package.json and the script-tag files: no types
        const specifier = `${entry.name}${subpath.slice(1)}`;
        // A module that resolved to `any` would pass everything: each must be typed.
        const typed = `export const typed${p}_${s}: IsAny<typeof m${p}_${s}> = false;\n`;
        esm += `import * as m${p}_${s} from '${specifier}';\n${typed}`;
        cjs += `import m${p}_${s} = require('${specifier}');\n${typed}`;
      });
    });
    writeFileSync(join(project, 'entries.mts'), esm);
    writeFileSync(join(project, 'entries.cts'), cjs);
    writeFileSync(join(project, 'entries.ts'), esm);
    const tsc = [
      join(project, 'node_modules/typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
    ];
    const lib = ['--lib', 'es2022,dom'];
    const modes = [
      ['--module', 'node16', 'entries.mts', 'entries.cts'],
      ['--module', 'nodenext', 'entries.mts', 'entries.cts'],
      ['--module', 'esnext', '--moduleResolution', 'bundler', 'entries.ts'],
      // node10 (`moduleResolution: node`, the default of `module: commonjs`) knows no `exports`: typesVersions.
      ['--module', 'commonjs', '--moduleResolution', 'node10', 'entries.ts'],
    ];
    await Promise.all(modes.map((mode) => run(project, process.execPath, [...tsc, ...lib, ...mode])));
  }, 120_000);

  it("type-checks every README's TypeScript sample against the packages and React 18's types", async () => {
    const files: string[] = [];
    for (const entry of packed) {
      codeBlocks(tarballText(entry, 'README.md'), 'ts|tsx').forEach(([language, code], index) => {
        const file = `readme-${entry.name.slice(4)}-${index}.${language}`;
        writeFileSync(join(project, file), code!);
        files.push(file);
      });
    }
    expect(files.length).toBeGreaterThanOrEqual(4);
    const options = [
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--jsx',
      'react-jsx',
      '--lib',
      'es2022,dom',
    ];
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    await run(project, process.execPath, [
      tsc,
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      ...options,
      ...files,
    ]);
  }, 120_000);

  it('loads every entry with require() and import() in Node, and renders the binding with React 18 on the server', async () => {
    const script = `
const { createElement: h } = require('react');
const { renderToString } = require('react-dom/server');
const entries = ${JSON.stringify(
      packed.flatMap((entry) =>
        Object.keys(JSON.parse(tarballText(entry, 'package.json')).exports as object)
          .filter((subpath) => !/\.(js|json)$/.test(subpath))
          .map((subpath) => `${entry.name}${subpath.slice(1)}`),
      ),
    )};
(async () => {
  for (const entry of entries) {
    const names = (module) => Object.keys(module).filter((name) => name !== 'default').sort().join();
    if (names(require(entry)) !== names(await import(entry)))
      throw new Error(entry + ': require() and import() export different names');
  }
  const { LpProvider, LpPlateGenerator, useCart } = require('@lp/react');
  const sdk = require('@lp/sdk').createSdk({ baseUrl: 'http://127.0.0.1:9', storage: null });
  const Count = () => h('p', null, 'Warenkorb: ', useCart((cart) => cart.count));
  console.log(require('react').version);
  console.log(renderToString(h(LpProvider, { sdk }, h(Count), h(LpPlateGenerator, { kennzeichen: 'B-LP 18' }))));
})().catch((error) => { console.error(error); process.exit(1); });
`;
    writeFileSync(join(project, 'load.cjs'), script);
    const { stdout } = await run(project, process.execPath, ['load.cjs']);
    const [version, html] = stdout.trim().split('\n');
    expect(version).toMatch(/^18\.3\./);
    expect(html).toBe(
      '<p>Warenkorb: <!-- -->0</p><lp-plate-generator kennzeichen="B-LP 18"></lp-plate-generator>',
    );
  }, 60_000);

  it('adds a plate with React 18.3 in Chromium: the wrapper fires onAddToCart, the hook counts it', async () => {
    // The page's origin must be known before the API starts (CORS): serve the folder first, build into it after.
    mkdirSync(join(project, 'site'));
    const site = await serveStatic(join(project, 'site'));
    const api = await startApi({
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory',
      rateLimit: false,
      corsOrigins: [site.url],
    });
    await buildReact18App(project, api.url);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${site.url}/index.html`);
      await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('Warenkorb: 0');
      await page.locator('lp-plate-generator .price-total').waitFor();
      await page.locator('lp-plate-generator input[name="kennzeichen"]').fill('B-LP 18');
      await page.getByRole('button', { name: 'In den Warenkorb' }).click();
      await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('Warenkorb: 2');
      await expect.poll(() => page.getByTestId('last-added').textContent()).toBe('B-LP 18');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await Promise.all([site.close(), api.close()]);
    }
  }, 120_000);
});
