// The script-tag files run on dealers' pages in their visitors' browsers, which we do not choose. Their syntax stays
// at ES2020 (docs/learn/embed-the-widget.md "Browser support"): a newer construct in any of them (a changed build
// target, a dependency shipping newer syntax) is a syntax error there, and the whole file does nothing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '..', 'dist');
const scriptTagFiles = existsSync(dist) ? readdirSync(dist).filter((name) => /^lp-.*\.js$/.test(name)) : [];
// The root test runner builds first and sets LP_BUILT=1: then a missing build is a failure, not a skip.
const mustCheck = scriptTagFiles.length > 0 || process.env.LP_BUILT === '1';

describe.runIf(mustCheck)('script-tag files parse as ES2020', () => {
  it('finds the loader, the widget and its chunks', () => {
    expect(scriptTagFiles).toEqual(expect.arrayContaining(['lp-loader.js', 'lp-widget.js', 'lp-editor.js']));
  });

  it('every file', () => {
    const failures = scriptTagFiles.flatMap((name) => {
      // The loader and lp-widget.js are classic scripts; the chunks are loaded with import().
      const sourceType = name === 'lp-loader.js' || name === 'lp-widget.js' ? 'script' : 'module';
      try {
        parse(readFileSync(join(dist, name), 'utf8'), { ecmaVersion: 2020, sourceType });
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(failures).toEqual([]);
  });
});
