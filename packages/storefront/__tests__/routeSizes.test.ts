// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, type RouteSize, measureRoutes } from '../bench/routeSizes.mjs';

const packageDir = join(import.meta.dirname, '..');
const distDir = join(packageDir, 'dist');
let rows: RouteSize[];

beforeAll(() => {
  if (!existsSync(join(distDir, 'client', '.vite', 'manifest.json'))) {
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('storefront build failed');
  }
  rows = measureRoutes(distDir);
}, 120_000);

describe('initial JS per route (gzip), DESIGN 7', () => {
  it('keeps the storefront code per route (everything but React, React DOM and React Router) within 25 KB', () => {
    for (const row of rows) expect(row.appKb, row.route).toBeLessThanOrEqual(25);
  });

  it('keeps the framework chunk at its measured floor (94.2 KB) plus 2 KB of slack', () => {
    expect(rows[0]?.frameworkKb).toBeLessThanOrEqual(96.2);
  });

  // DESIGN 7 asks for 95 KB per route; React 19 + React Router 7 alone measure 94.2 KB, so that budget is out of
  // reach with the framework DESIGN 5 fixes (reported in issue 5). This ceiling guards against regressions: it is
  // the largest route measured after issue 6 (116.0 KB, the configurator) plus 2 KB.
  it(`stays under the regression ceiling of 118 KB per route (budget ${BUDGET_KB} KB, see comment)`, () => {
    for (const row of rows) expect(row.totalKb, row.route).toBeLessThanOrEqual(118);
  });

  it('loads the print editor, the widget and Preact only on demand, never with a route', () => {
    for (const row of rows) {
      expect(
        row.files.filter((file) => /editor|PrintEditor|jsxRuntime|plates/i.test(file)),
        row.route,
      ).toEqual([]);
    }
  });

  it('splits code per route: each page chunk appears only with its route', () => {
    const home = rows.find((row) => row.route === '/');
    const product = rows.find((row) => row.route.startsWith('/:alias (product)'));
    expect(home?.files.some((file) => file.includes('HomePage'))).toBe(true);
    expect(home?.files.some((file) => file.includes('ProductView'))).toBe(false);
    expect(product?.files.some((file) => file.includes('ProductView'))).toBe(true);
    expect(product?.files.some((file) => file.includes('HomePage'))).toBe(false);
  });
});
