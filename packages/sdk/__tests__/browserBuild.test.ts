import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserBuild } from '../tsup.config';

// The build a page without a bundler imports (served by the storefront under /sdk/<version>/sdk.js). Built here
// from the real tsup options into a temp folder, so the test needs no prior `pnpm build`. Loading it in Chromium
// through the storefront is examples/sdk-browser's smoke test.
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'lp-sdk-browser-'));
const file = join(outDir, 'sdk.js');
let code = '';

beforeAll(async () => {
  await build({
    ...browserBuild,
    entry: { sdk: join(root, 'src/index.ts') },
    outDir,
    config: false,
    silent: true,
  });
  code = readFileSync(file, 'utf8');
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('dist/browser/sdk.js (the SDK for pages without a bundler)', () => {
  it('is one module with no imports at all: zustand is bundled in, no bare specifiers, no chunks', async () => {
    const result = await esbuild({
      entryPoints: [file],
      bundle: true,
      packages: 'external',
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
    });
    const input = Object.values(result.metafile.inputs)[0]!;
    expect(input.imports).toEqual([]);
    expect(code).not.toMatch(/\bfrom\s*["'](?![./])/);
  });

  it('is minified, names no Node globals and points at its source map', () => {
    expect(code.split('\n').length).toBeLessThan(5);
    expect(code).not.toMatch(/\bprocess\b|\brequire\(/);
    expect(code).toMatch(/\/\/# sourceMappingURL=sdk\.js\.map\s*$/);
    expect(JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources.length).toBeGreaterThan(10);
  });

  it('loads from a folder outside node_modules and exports createSdk with a working cart store', async () => {
    const sdk = (await import(pathToFileURL(file).href)) as typeof import('../src/index');
    expect(Object.keys(sdk)).toEqual(expect.arrayContaining(['createSdk', 'isLpError', 'createCartStore']));
    const instance = sdk.createSdk({ baseUrl: 'http://127.0.0.1:9', storage: null });
    expect(instance.cartStore.getState().count).toBe(0);
  });
});
