// @vitest-environment node
// The shop's scripts keep to ES2022 syntax (docs/reference/storefront.md "Browser support"): a newer construct (a
// changed build target, a dependency shipping newer syntax) would be a syntax error in a supported browser, and a
// page whose script fails to parse never hydrates.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';

const assets = join(import.meta.dirname, '..', 'dist', 'client', 'assets');
const scripts = existsSync(assets) ? readdirSync(assets).filter((name) => name.endsWith('.js')) : [];
// The root test runner builds first and sets LP_BUILT=1: then a missing build is a failure, not a skip.
const mustCheck = scripts.length > 0 || process.env.LP_BUILT === '1';

describe.runIf(mustCheck)('client scripts parse as ES2022', () => {
  it('finds the framework and the shop', () => {
    expect(scripts.some((name) => name.startsWith('framework-'))).toBe(true);
    expect(scripts.length).toBeGreaterThan(10);
  });

  it('every chunk', () => {
    const failures = scripts.flatMap((name) => {
      try {
        parse(readFileSync(join(assets, name), 'utf8'), { ecmaVersion: 2022, sourceType: 'module' });
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });
});
