#!/usr/bin/env node
// `pnpm --filter @lp/widget release:record [patch|minor|major|<x.y.z>]` (patch by default): gives the widget a
// new version and records the hashes of the files it builds under that version in release.json.
//
// Why: the shop serves the script-tag build under /widget/<version>/ with a year-long immutable cache, and dealers
// pin `integrity` hashes of that version's files in their tags. A version must therefore always name the same
// bytes. __tests__/releaseRecord.test.ts compares each build with release.json and fails when the files changed
// while the version did not; this script is the one step that makes it pass again.
//
// Steps (scripts/releaseRecord.mjs, shared with the SDK's hosted build): raise the version in package.json and
// src/version.ts (lp-widget.js reports it), point the react-app example at the widget tarball the release pack will
// now write, build, and write release.json from the build's dist/manifest.json. When the build fails, the edited
// files get their earlier text back.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordRelease, wantedFromArgv } from '../../../scripts/releaseRecord.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(root, '..', '..');

/** The record's files: each script-tag file's sha384 integrity, as the build's dist/manifest.json lists them. */
export function filesOf(manifest) {
  return Object.fromEntries(Object.entries(manifest.files).map(([file, { integrity }]) => [file, integrity]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  recordRelease({
    root,
    record: join(root, 'release.json'),
    wanted: wantedFromArgv(),
    mentions: (current, next) => [
      [join(root, 'package.json'), `"version": "${current}"`, `"version": "${next}"`],
      [join(root, 'src', 'version.ts'), `'${current}'`, `'${next}'`],
      [
        join(repo, 'examples', 'react-app', 'package.json'),
        `lp-widget-${current}.tgz`,
        `lp-widget-${next}.tgz`,
      ],
    ],
    files: () => filesOf(JSON.parse(readFileSync(join(root, 'dist', 'manifest.json'), 'utf8'))),
    done: (current, next) =>
      `@lp/widget ${current} -> ${next}: commit packages/widget/{package.json,src/version.ts,release.json} and ` +
      "examples/react-app/package.json. Operators keep the previous version's dist in LP_WIDGET_RELEASES " +
      '(docs/learn/run-in-production.md, "Upgrade and roll back").',
  });
}
