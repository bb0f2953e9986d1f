#!/usr/bin/env node
// `pnpm --filter @lp/widget release:record [patch|minor|major|<x.y.z>]` (patch by default): gives the widget a
// new version and records the hashes of the files it builds under that version in release.json.
//
// Why: the shop serves the script-tag build under /widget/<version>/ with a year-long immutable cache, and dealers
// pin `integrity` hashes of that version's files in their tags. A version must therefore always name the same
// bytes. __tests__/releaseRecord.test.ts compares each build with release.json and fails when the files changed
// while the version did not; this script is the one step that makes it pass again.
//
// Steps: raise the version in package.json and src/version.ts (lp-widget.js reports it), point the react-app
// example at the widget tarball the release pack will now write, build, and write release.json from the build's
// dist/manifest.json. When the build fails, the edited files get their earlier text back.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(root, '..', '..');
const PACKAGE = join(root, 'package.json');
const VERSION_MODULE = join(root, 'src', 'version.ts');
const REACT_APP = join(repo, 'examples', 'react-app', 'package.json');
const RECORD = join(root, 'release.json');

/** The next version after `current`: a bump keyword or an explicit higher x.y.z. */
export function nextVersion(current, wanted = 'patch') {
  const parse = (text) => (/^\d+\.\d+\.\d+$/.test(text) ? text.split('.').map(Number) : undefined);
  const [major, minor, patch] = parse(current) ?? [];
  if (major === undefined) throw new Error(`package.json's version "${current}" is not x.y.z`);
  if (wanted === 'patch') return `${major}.${minor}.${patch + 1}`;
  if (wanted === 'minor') return `${major}.${minor + 1}.0`;
  if (wanted === 'major') return `${major + 1}.0.0`;
  const explicit = parse(wanted);
  const higher = explicit && explicit.join('.') !== current && compare(explicit, [major, minor, patch]) > 0;
  if (!higher) throw new Error(`"${wanted}" is not patch, minor, major or a version above ${current}`);
  return wanted;
}

function compare(a, b) {
  for (let index = 0; index < 3; index++) if (a[index] !== b[index]) return a[index] - b[index];
  return 0;
}

/** The record of a build: its version and each script-tag file's sha384 integrity, from dist/manifest.json. */
export function recordOf(manifest) {
  const files = Object.fromEntries(
    Object.entries(manifest.files).map(([file, { integrity }]) => [file, integrity]),
  );
  return { version: manifest.version, files };
}

/** Replaces `from` by `to` in a file's text, once; refuses when `from` is not there (the file's shape changed). */
function replaceIn(path, from, to, edits) {
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${path} does not contain ${from}`);
  edits.push([path, text]);
  writeFileSync(path, text.replace(from, to));
}

function main() {
  const [wanted = 'patch'] = process.argv.slice(2).filter((arg) => arg !== '--');
  const current = JSON.parse(readFileSync(PACKAGE, 'utf8')).version;
  const edits = [];
  let next = current;
  try {
    next = nextVersion(current, wanted);
    replaceIn(PACKAGE, `"version": "${current}"`, `"version": "${next}"`, edits);
    replaceIn(VERSION_MODULE, `'${current}'`, `'${next}'`, edits);
    replaceIn(REACT_APP, `lp-widget-${current}.tgz`, `lp-widget-${next}.tgz`, edits);
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
  } catch (error) {
    for (const [path, text] of edits) writeFileSync(path, text);
    console.error(`release:record: ${error.message}; the version stays ${current} (files restored)`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(join(root, 'dist', 'manifest.json'), 'utf8'));
  writeFileSync(RECORD, `${JSON.stringify(recordOf(manifest), null, 2)}\n`);
  console.log(
    `@lp/widget ${current} -> ${next}: commit packages/widget/{package.json,src/version.ts,release.json} and ` +
      "examples/react-app/package.json. Operators keep the previous version's dist in LP_WIDGET_RELEASES " +
      '(docs/learn/run-in-production.md, "Upgrade and roll back").',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
