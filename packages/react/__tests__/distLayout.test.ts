// @vitest-environment node
// The published ESM layout: route-splitting bundlers (Next.js, React Router 7 on Rollup) place whole modules in
// chunks, so what one route uses must be in modules of its own, or every route reaching LpProvider loads it.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Options, build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import configs from '../tsup.config';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const outDir = mkdtempSync(join(tmpdir(), 'lp-react-dist-'));
let files: { name: string; code: string }[] = [];

beforeAll(async () => {
  const esm = ([configs].flat() as Options[]).find((config) => [config.format].flat().includes('esm'))!;
  const entry = Array.isArray(esm.entry)
    ? esm.entry.map((pattern) => join(root, pattern))
    : Object.fromEntries(Object.entries(esm.entry!).map(([name, file]) => [name, join(root, file)]));
  await build({
    ...esm,
    format: 'esm',
    entry,
    outDir,
    tsconfig: join(root, 'tsconfig.json'),
    // tsup leaves the dependencies of the package.json in its working directory external; the test runs from the
    // repository root too, whose package.json has none, and would then bundle React and the SDK into the files.
    external: Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }),
    dts: false,
    sourcemap: false,
    clean: false,
    silent: true,
    config: false,
  });
  files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, code: readFileSync(join(outDir, name), 'utf8') }));
}, 60_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the ESM build of @lp/react', () => {
  it('keeps the plate rules and the element wrappers out of the provider and cart module', () => {
    const provider = files.filter(({ code }) => code.includes('createContext('));
    expect(provider).toHaveLength(1);
    const { code } = provider[0]!;
    expect(code).not.toContain('@lp/sdk/plates'); // usePlateCheck's import (the plate rules, ~20 KB gzip)
    expect(code).not.toContain('forwardRef('); // the element wrappers
    expect(code).not.toContain('productByAlias'); // useProduct
    const index = files.find(({ name }) => name === 'index.js')!.code;
    expect(index).not.toMatch(/function |=>/); // re-exports only
  });

  it("marks every file 'use client', chunks included (React Server Components)", () => {
    expect(files.length).toBeGreaterThan(3);
    for (const { name, code } of files)
      expect([name, code.startsWith("'use client';")]).toEqual([name, true]);
  });
});
