// The built package as an outside project gets it: `pnpm pack`ed, unpacked into a folder outside the workspace,
// then `@lp/widget/editor` imported by plain Node (what SSR frameworks do: no DOM, ESM and require) and bundled by
// Vite. dist must name no path outside the package (a `../../../node_modules/...` font URL made Vite warn).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const widget = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(widget, 'dist');
const sdkDist = join(widget, '../sdk/dist/contract.js');
const built = existsSync(join(dist, 'editor.js')) && existsSync(sdkDist);
// The root test runner builds first and sets LP_BUILT=1: then a missing build is a failure, not a skip.
const mustCheck = built || process.env.LP_BUILT === '1';

let project: string;

beforeAll(() => {
  if (!mustCheck) return;
  project = mkdtempSync(join(tmpdir(), 'lp-widget-outside-'));
  execFileSync('pnpm', ['pack', '--pack-destination', project], { cwd: widget, stdio: 'pipe' });
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'))!;
  const installed = join(project, 'node_modules/@lp/widget');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(project, tarball), '-C', installed, '--strip-components=1']);
  // Its dependencies as the workspace resolved them (the registry round trip of the release set installs them
  // from a real registry; here only the widget's own files matter).
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(realpathSync(join(widget, 'node_modules', name)), join(project, 'node_modules', name), 'dir');
  }
}, 60_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

const node = (code: string, type: 'module' | 'commonjs') =>
  execFileSync(process.execPath, [`--input-type=${type}`, '-e', code], {
    cwd: project,
    encoding: 'utf8',
    stdio: 'pipe',
  });

describe.skipIf(!mustCheck)('@lp/widget as installed from its tarball', () => {
  it('dist names no node_modules path, and the tarball ships dist only with the font beside the editor', () => {
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
    const offenders = files.filter((file) => readFileSync(join(dist, file)).includes('node_modules'));
    expect(offenders).toEqual([]);
    const shipped = readdirSync(join(project, 'node_modules/@lp/widget'));
    expect(shipped.sort()).toEqual(expect.arrayContaining(['dist', 'package.json']));
    expect(shipped.filter((name) => !/^(dist|package\.json|README\.md|LICENSE)$/.test(name))).toEqual([]);
    expect(readdirSync(join(project, 'node_modules/@lp/widget/dist'))).toContain(
      'rubik-latin-400-normal.woff2',
    );
  });

  it('imports @lp/widget/editor and @lp/widget in plain Node ESM, with no DOM', () => {
    const out = node(
      `const editor = await import('@lp/widget/editor');
       const main = await import('@lp/widget');
       console.log(JSON.stringify({ editor: Object.keys(editor).sort(), main: typeof main.defineElements,
         dom: typeof document + typeof window + typeof HTMLElement }));`,
      'module',
    );
    expect(JSON.parse(out)).toEqual({
      editor: ['definePrintEditor', 'mountPrintEditor'],
      main: 'function',
      dom: 'undefinedundefinedundefined',
    });
  });

  it('loads from CommonJS with require(), the CommonJS build (dist/*.cjs), with no DOM', () => {
    const out = node(
      `const editor = require('@lp/widget/editor');
       const main = require('@lp/widget');
       console.log(JSON.stringify({ editor: Object.keys(editor).sort(), main: typeof main.defineElements,
         file: require.resolve('@lp/widget/editor').split('/').pop() }));`,
      'commonjs',
    );
    expect(JSON.parse(out)).toEqual({
      editor: ['definePrintEditor', 'mountPrintEditor'],
      main: 'function',
      file: 'editor.cjs',
    });
  });

  it('bundles with Vite: the font becomes an asset, and nothing is reported', async () => {
    const { build, createLogger } = (await import(
      createRequire(join(widget, 'package.json')).resolve('vite')
    )) as typeof import('vite');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(project, 'entry.js'),
      `import { definePrintEditor } from '@lp/widget/editor';\ndefinePrintEditor();\n`,
    );
    writeFileSync(
      join(project, 'index.html'),
      '<!doctype html><script type="module" src="./entry.js"></script>',
    );
    const reported: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void reported.push(message);
    logger.warnOnce = logger.warn;
    logger.error = (message) => void reported.push(message);
    await build({
      root: project,
      configFile: false,
      logLevel: 'warn',
      customLogger: logger,
      build: { outDir: 'out' },
    });
    expect(reported).toEqual([]);
    expect(
      readdirSync(join(project, 'out/assets')).some((file) => /^rubik-latin-400-normal.*\.woff2$/.test(file)),
    ).toBe(true);
  }, 60_000);
});
