// The rule "same version, same bytes" for a package whose build the shop serves under a versioned, immutable URL
// (the widget's /widget/<version>/, the SDK's /sdk/<version>/): its release.json records the sha384 integrity of
// every served file for the package's version, a test compares each build with it, and one command raises the
// version and records the new bytes. This module is the part both packages share; each package's own script says
// which files it serves and which files name its version (packages/widget/build/recordRelease.mjs,
// packages/sdk/scripts/recordRelease.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

/** The Subresource Integrity value of a file's bytes (sha384, as browsers check `integrity`). */
export function integrityOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The integrity of each named file in `dir`, by file name. */
export function integritiesIn(dir, files) {
  return Object.fromEntries(files.map((file) => [file, integrityOf(readFileSync(join(dir, file)))]));
}

/** The files whose integrity differs between a build and a record, including files only one of them has. */
export function changedFiles(built, recorded) {
  return [...new Set([...Object.keys(built), ...Object.keys(recorded)])].filter(
    (file) => built[file] !== recorded[file],
  );
}

/** Replaces every `from` by `to` in a file's text; refuses when `from` is not there (the file's shape changed). */
function replaceIn(path, from, to, edits) {
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${path} does not contain ${from}`);
  edits.push([path, text]);
  writeFileSync(path, text.replaceAll(from, to));
}

/**
 * Gives a package its next version and records its built files: edits the files that name the version
 * (`mentions(current, next)`: [path, from, to][], package.json first), runs the package's build, then writes
 * `{ version, files: files() }` to `record`. A refused version or a failed build gives the edited files their
 * earlier text back and exits 1.
 */
export function recordRelease({ root, record, mentions, files, wanted = 'patch', done }) {
  const current = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const edits = [];
  let next = current;
  try {
    next = nextVersion(current, wanted);
    for (const [path, from, to] of mentions(current, next)) replaceIn(path, from, to, edits);
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);
  } catch (error) {
    for (const [path, text] of edits) writeFileSync(path, text);
    console.error(`release:record: ${error.message}; the version stays ${current} (files restored)`);
    process.exit(1);
  }
  writeFileSync(record, `${JSON.stringify({ version: next, files: files() }, null, 2)}\n`);
  console.log(done(current, next));
}

/** The bump the command line asks for (`pnpm … release:record -- minor` passes a `--` through). */
export function wantedFromArgv(argv = process.argv) {
  return argv.slice(2).find((arg) => arg !== '--') ?? 'patch';
}
