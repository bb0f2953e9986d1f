// The checks `pnpm release:pack` runs on each tarball (scripts/releasePack.mjs), on hand-made file lists.
import { describe, expect, it } from 'vitest';
import { checkTarball } from '../../scripts/releasePack.mjs';

const versions = new Map([
  ['@lp/sdk', '0.1.0'],
  ['@lp/widget', '0.1.0'],
]);
const manifest = {
  name: '@lp/widget',
  module: './dist/index.js',
  types: './dist/index.d.ts',
  exports: {
    '.': { source: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
    './package.json': './package.json',
  },
  dependencies: { '@lp/sdk': '^0.1.0', preact: '^10.27.0' },
};
const shipped = ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts'];

describe('release tarball checks', () => {
  it('accepts dist, package.json and README with a caret range on the SDK', () => {
    expect(checkTarball(shipped, manifest, versions)).toEqual([]);
  });

  it('refuses sources and tests, even tests under dist', () => {
    const problems = checkTarball(
      [...shipped, 'src/index.ts', 'src/__tests__/a.test.ts', 'dist/b.test.js'],
      manifest,
      versions,
    );
    expect(problems).toEqual([
      'ships 2 test files: src/__tests__/a.test.ts, dist/b.test.js',
      'ships 1 files outside dist: src/index.ts',
    ]);
  });

  it('refuses workspace specifiers and exact pins between packages of the set', () => {
    const pinned = { ...manifest, dependencies: { '@lp/sdk': '0.1.0' } };
    expect(checkTarball(shipped, pinned, versions)).toEqual([
      'dependencies.@lp/sdk is "0.1.0"; expected "^0.1.0" (the version packed)',
    ]);
    const linked = { ...manifest, peerDependencies: { '@lp/sdk': 'workspace:^' } };
    expect(checkTarball(shipped, linked, versions)).toEqual([
      'peerDependencies.@lp/sdk is "workspace:^", not a registry range',
    ]);
  });

  it('refuses a tarball without its build: every export target must be shipped', () => {
    expect(checkTarball(['package.json', 'README.md'], manifest, versions)).toEqual([
      'no dist/ in the tarball (not built?)',
      'points at a file it does not ship: ./dist/index.js',
      'points at a file it does not ship: ./dist/index.d.ts',
    ]);
  });
});
