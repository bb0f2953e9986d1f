#!/usr/bin/env node
// Packs the release set (DESIGN 9: @lp/sdk, @lp/widget, @lp/react) into `.release/` the way a publish would, and
// checks each tarball before anything leaves the machine: it holds the built `dist` only (plus package.json, README,
// LICENSE), every export target is in it, and dependencies on each other are real semver ranges (`pnpm pack`
// turns `workspace:^` into `^0.1.0`; `workspace:*` would pin an exact version, so two packages could not share
// one @lp/sdk after a patch release). Any breach fails the command with the list of problems.
//
//   pnpm release:pack              builds the three packages, then packs
//   pnpm release:pack --no-build   packs what is in dist (the root test runner has built already)
//
// Writes `.release/<name>-<version>.tgz` and `.release/manifest.json` ({ name, version, file, bytes, files }[]).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASE_DIR = join(root, '.release');

/** The release set, dependencies first (publishing in this order never points at a missing version). */
export const RELEASE_SET = [
  { name: '@lp/sdk', dir: 'packages/sdk' },
  { name: '@lp/widget', dir: 'packages/widget' },
  { name: '@lp/react', dir: 'packages/react' },
];

/** Files a tarball may hold besides `dist/**` (npm adds package.json, README and LICENSE whatever `files` says). */
const ALLOWED_TOP = /^(package\.json|README(\.md)?|LICEN[CS]E(\.md|\.txt)?|CHANGELOG\.md)$/i;
/** Never shipped, not even under dist: tests, fixtures, TypeScript sources. */
const FORBIDDEN = /(^|\/)(__tests__|__fixtures__|test|tests)\/|\.(test|spec)\.[cm]?[jt]sx?$|\.test-d\.ts$/;
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
/** Conditions for the workspace only: `source` points at src, which is not shipped (a consumer never sets it). */
const WORKSPACE_CONDITIONS = new Set(['source']);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${output}`);
  }
  return result.stdout ?? '';
}

/** Paths inside the tarball, without npm's `package/` prefix (read from the tarball, not from pnpm's report). */
function listTarball(file) {
  return run('tar', ['-tzf', file])
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
}

function readPackedManifest(file) {
  return JSON.parse(run('tar', ['-xzOf', file, 'package/package.json']));
}

/** Every file an `exports` map points at, except the workspace-only conditions. */
function exportTargets(exports, found = []) {
  if (typeof exports === 'string') found.push(exports);
  else if (exports && typeof exports === 'object') {
    for (const [key, value] of Object.entries(exports)) {
      if (!WORKSPACE_CONDITIONS.has(key)) exportTargets(value, found);
    }
  }
  return found;
}

const sample = (paths) => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', ...' : ''}`;

/**
 * The problems of one packed tarball (empty when it is fit to publish).
 * `versions` maps each package of the set to the version packed.
 */
export function checkTarball(files, manifest, versions) {
  const problems = [];
  if (!files.some((path) => path.startsWith('dist/'))) problems.push('no dist/ in the tarball (not built?)');
  const tests = files.filter((path) => FORBIDDEN.test(path));
  const extra = files.filter(
    (path) => !FORBIDDEN.test(path) && !path.startsWith('dist/') && !ALLOWED_TOP.test(path),
  );
  if (tests.length > 0) problems.push(`ships ${tests.length} test files: ${sample(tests)}`);
  if (extra.length > 0) problems.push(`ships ${extra.length} files outside dist: ${sample(extra)}`);
  const present = new Set(files);
  const targets = [manifest.main, manifest.module, manifest.types, ...exportTargets(manifest.exports)];
  for (const target of targets) {
    if (typeof target !== 'string' || target.includes('*')) continue;
    const path = target.replace(/^\.\//, '');
    if (!present.has(path)) problems.push(`points at a file it does not ship: ${target}`);
  }
  for (const field of DEPENDENCY_FIELDS) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|link|file|portal):/.test(range)) {
        problems.push(`${field}.${name} is "${range}", not a registry range`);
        continue;
      }
      const version = versions.get(name);
      if (version === undefined) continue;
      // A range of the set's own version: caret or tilde, so a patch release of the dependency is shared.
      if (range !== `^${version}` && range !== `~${version}`) {
        problems.push(`${field}.${name} is "${range}"; expected "^${version}" (the version packed)`);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * Builds (unless `build: false`) and packs the release set. Returns the manifest and the problems found (the
 * tarballs are written either way, so a test can report the problems and still try the install); the command
 * fails when there is any problem.
 */
export function releasePack({ build = true, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const started = Date.now();
  if (build) {
    const filters = RELEASE_SET.flatMap((entry) => ['--filter', entry.name]);
    log(`building ${RELEASE_SET.map((entry) => entry.name).join(', ')}`);
    run('pnpm', [...filters, 'run', 'build']);
  }
  // Packed into a folder of its own, then each file renamed into place: a reader of .release/ (an install, the
  // react-app example, a second pack running at the same time) sees a whole tarball, old or new, never a partial one.
  mkdirSync(RELEASE_DIR, { recursive: true });
  const staging = mkdtempSync(join(RELEASE_DIR, '.pack-'));
  const packed = RELEASE_SET.map((entry) => {
    const report = JSON.parse(
      run('pnpm', ['pack', '--pack-destination', staging, '--json'], { cwd: join(root, entry.dir) }),
    );
    const file = join(RELEASE_DIR, basename(report.filename));
    renameSync(report.filename, file);
    return { ...entry, version: report.version, file };
  });
  rmSync(staging, { recursive: true, force: true });
  // Tarballs of other versions are stale.
  const current = new Set(packed.map((entry) => basename(entry.file)));
  for (const name of readdirSync(RELEASE_DIR)) {
    if (name.endsWith('.tgz') && !current.has(name)) rmSync(join(RELEASE_DIR, name), { force: true });
  }
  const versions = new Map(packed.map((entry) => [entry.name, entry.version]));

  const problems = [];
  const manifest = packed.map((entry) => {
    const files = listTarball(entry.file);
    const found = checkTarball(files, readPackedManifest(entry.file), versions);
    problems.push(...found.map((problem) => `${entry.name}: ${problem}`));
    return {
      name: entry.name,
      version: entry.version,
      file: basename(entry.file),
      bytes: statSync(entry.file).size,
      files: files.length,
    };
  });
  const manifestFile = join(RELEASE_DIR, 'manifest.json');
  writeFileSync(`${manifestFile}.${process.pid}`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${manifestFile}.${process.pid}`, manifestFile);
  for (const entry of manifest) {
    log(`${entry.file}  ${(entry.bytes / 1024).toFixed(1)} KB, ${entry.files} files`);
  }
  log(`release set packed into .release/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { manifest, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { problems } = releasePack({ build: !process.argv.includes('--no-build') });
    if (problems.length > 0) {
      throw new Error(`release pack refused (${problems.length} problems):\n- ${problems.join('\n- ')}`);
    }
  } catch (error) {
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
