#!/usr/bin/env node
// `pnpm --filter @lp/sdk release:record [patch|minor|major|<x.y.z>]` (patch by default): gives the SDK a new
// version and records the hashes of its hosted build's files under that version in release.json.
//
// Why: the shop serves the SDK's browser build (dist/browser) under /sdk/<version>/ with a year-long immutable
// cache, for pages that import it without a bundler. A version must therefore always name the same bytes, or a
// page keeps last month's sdk.js for a year and two servers of different releases answer one URL differently.
// __tests__/releaseRecord.test.ts compares each build with release.json; this script is the one step that makes
// it pass again (the rule and the steps are the widget's: scripts/releaseRecord.mjs).
//
// Steps: raise the version in package.json, point the react-app example at the SDK tarball the release pack will
// now write and the pages that show the hosted URL at /sdk/<next>/, build, and write release.json.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integritiesIn, recordRelease, wantedFromArgv } from '../../../scripts/releaseRecord.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(root, '..', '..');
/** What /sdk/<version>/ serves: every file of dist/browser (tsup.config.ts, `browserBuild`). */
export const HOSTED_DIR = join(root, 'dist', 'browser');
export const hostedFiles = () => integritiesIn(HOSTED_DIR, readdirSync(HOSTED_DIR).sort());
/** Pages that write the hosted URL with its version (the docs test and the example's test load them as written). */
const URL_PAGES = [
  'examples/sdk-browser/index.html',
  'examples/sdk-browser/README.md',
  'docs/learn/getting-started.md',
  'docs/reference/storefront.md',
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  recordRelease({
    root,
    record: join(root, 'release.json'),
    wanted: wantedFromArgv(),
    mentions: (current, next) => [
      [join(root, 'package.json'), `"version": "${current}"`, `"version": "${next}"`],
      [join(repo, 'examples', 'react-app', 'package.json'), `lp-sdk-${current}.tgz`, `lp-sdk-${next}.tgz`],
      ...URL_PAGES.map((page) => [join(repo, page), `/sdk/${current}/`, `/sdk/${next}/`]),
    ],
    files: hostedFiles,
    done: (current, next) =>
      `@lp/sdk ${current} -> ${next}: commit packages/sdk/{package.json,release.json}, ` +
      `examples/react-app/package.json and ${URL_PAGES.join(', ')}.`,
  });
}
