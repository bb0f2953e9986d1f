// Same version, same bytes (session 24, the widget's rule since session 23): the shop serves the SDK's browser build
// (dist/browser) under /sdk/<version>/ with a year-long immutable cache, for pages without a bundler. So the files a
// build writes there must be the ones release.json records for the package's version; a change that reaches
// sdk.js (the SDK's code, zustand, the build tools) needs a new version, which scripts/recordRelease.mjs gives it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedFiles } from '../../../scripts/releaseRecord.mjs';
import { HOSTED_DIR, hostedFiles } from '../scripts/recordRelease.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
// The root test runner builds first and sets LP_BUILT=1: then a missing build is a failure, not a skip.
const mustCheck = existsSync(join(HOSTED_DIR, 'sdk.js')) || process.env.LP_BUILT === '1';
if (!mustCheck)
  console.warn(
    '[sdk release] dist/browser is missing and LP_BUILT is not 1: run `pnpm --filter @lp/sdk build`.',
  );

interface Record_ {
  version: string;
  files: Record<string, string>;
}

const FIX =
  'An SDK whose hosted build changes needs a new version (/sdk/<version>/sdk.js is cached for a year). Run ' +
  '`pnpm --filter @lp/sdk release:record` (patch; add `minor` for new features) and commit what it changed.';

describe.skipIf(!mustCheck)('release.json: the hosted build of this version', () => {
  it('records the version package.json names', () => {
    const { version } = readJson<{ version: string }>('package.json');
    const record = readJson<Record_>('release.json');
    expect(
      record.version,
      `release.json records ${record.version}, package.json says ${version}. ${FIX}`,
    ).toBe(version);
  });

  it('holds the integrity of every file /sdk/<version>/ serves, unchanged', () => {
    const record = readJson<Record_>('release.json');
    const changed = changedFiles(hostedFiles(), record.files);
    expect(changed, `Built files differ from release.json for version ${record.version}. ${FIX}`).toEqual([]);
  });
});
