#!/usr/bin/env node
// Runs every check of the project and ends with one line `N passed, N failed` (CI reads it).
// Each non-vitest check (lint, types, build, packaging) counts as one test; vitest reports its own count.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensureChromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args) {
  process.stdout.write(`\n=== ${name}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    process.stdout.write(`=== ${name}: ok (${seconds} s)\n`);
    return true;
  }
  failed += 1;
  failures.push(name);
  process.stdout.write(`=== ${name}: FAILED (${seconds} s)\n`);
  return false;
}

ensureChromium();

step('lint and format (biome)', 'pnpm', ['run', 'test:lint']);
step('types (tsc, every package)', 'pnpm', ['run', 'test:types']);
const built = step('build (every package)', 'pnpm', ['run', 'build']);
if (built) step('packaging (publint, attw)', 'pnpm', ['run', 'test:build']);

const resultsDir = join(root, '.vitest-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const resultsFile = join(resultsDir, 'results.json');
process.stdout.write('\n=== tests (vitest: unit, contract, browser, size)\n');
spawnSync(
  'pnpm',
  ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`],
  { cwd: root, stdio: 'inherit', env: { ...process.env, LP_BUILT: built ? '1' : '0' } },
);
if (existsSync(resultsFile)) {
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that cannot even load has no test results of its own; count it as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  failed += brokenFiles.length;
  for (const file of brokenFiles) failures.push(`could not run ${file.name}`);
  for (const file of report.testResults)
    for (const test of file.assertionResults)
      if (test.status === 'failed') failures.push(`${file.name.replace(root, '.')} > ${test.fullName}`);
} else {
  failed += 1;
  failures.push('vitest produced no report');
}

if (failures.length) {
  process.stdout.write('\nFailures:\n');
  for (const name of failures) process.stdout.write(`- ${name}\n`);
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
