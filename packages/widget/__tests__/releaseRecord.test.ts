// Same version, same bytes (session 23): the shop serves the script-tag build under /widget/<version>/ with a
// year-long immutable cache, and dealers pin `integrity` hashes of that version's files in their tags. So the files a
// build writes must be the ones release.json records for the package's version; a changed widget (or a change in
// the SDK code bundled into it) needs a new version, which build/recordRelease.mjs gives it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changedFiles } from '../../../scripts/releaseRecord.mjs';
import { filesOf } from '../build/recordRelease.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
const built = existsSync(join(root, 'dist', 'manifest.json'));
// The root test runner builds first and sets LP_BUILT=1: then a missing build is a failure, not a skip.
const mustCheck = built || process.env.LP_BUILT === '1';
if (!mustCheck)
  console.warn(
    '[widget release] dist/ is missing and LP_BUILT is not 1: run `pnpm --filter @lp/widget build`.',
  );

interface Manifest {
  version: string;
  files: Record<string, { integrity: string }>;
}
interface Record_ {
  version: string;
  files: Record<string, string>;
}

const FIX =
  'A widget whose built files change needs a new version (dealer tags pin their integrity; /widget/<version>/ is ' +
  'cached for a year). Run `pnpm --filter @lp/widget release:record` (patch; add `minor` for new features) and ' +
  'commit what it changed.';

describe.skipIf(!mustCheck)('release.json: the built files of this version', () => {
  it('records the version package.json names', () => {
    const { version } = readJson<{ version: string }>('package.json');
    const record = readJson<Record_>('release.json');
    expect(
      record.version,
      `release.json records ${record.version}, package.json says ${version}. ${FIX}`,
    ).toBe(version);
  });

  it('holds the integrity of every file the build publishes, unchanged', () => {
    const manifest = readJson<Manifest>('dist/manifest.json');
    const record = readJson<Record_>('release.json');
    const changed = changedFiles(filesOf(manifest), record.files);
    expect(changed, `Built files differ from release.json for version ${record.version}. ${FIX}`).toEqual([]);
  });
});
