// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// DESIGN 7: `@lp/react` without React 2 KB min+gzip. React, React DOM and the SDK are the app's own (peer and
// dependency), so they stay outside the measure, as a bundler would share them. The development check is
// measured too (it is a few bytes; production builds skip it at run time).
const BUDGET = 2048;
const root = fileURLToPath(new URL('..', import.meta.url));
const EXTERNAL = ['react', 'react-dom', '@lp/sdk', '@lp/sdk/*'];

async function bundle(minify: boolean) {
  return build({
    absWorkingDir: root,
    entryPoints: ['src/index.ts'],
    bundle: true,
    minify,
    format: 'esm',
    write: false,
    metafile: true,
    external: EXTERNAL,
    conditions: ['source'],
    logLevel: 'silent',
  });
}

describe('bundle size budget (DESIGN 7)', () => {
  it(`the package entry stays within ${BUDGET} B min+gzip without React and the SDK`, async () => {
    const code = (await bundle(true)).outputFiles[0]!.contents;
    const gzip = gzipSync(code, { level: 9 }).length;
    console.log(`[size] @lp/react: ${code.length} B min, ${gzip} B min+gzip (budget ${BUDGET} B)`);
    expect(gzip).toBeLessThanOrEqual(BUDGET);
  });

  it('bundles nothing but its own sources', async () => {
    const inputs = Object.keys((await bundle(false)).metafile.inputs);
    expect(inputs.every((file) => file.startsWith('src/'))).toBe(true);
  });
});
