#!/usr/bin/env node
// Runs every check of the project and ends with one line `N passed, N failed` (CI reads it).
// Each non-vitest check (lint, types, build, packaging) counts as one test; vitest reports its own count.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensureChromium.mjs';
import { ensureNginx } from './ensureNginx.mjs';
import { readVitestReport } from './vitestReport.mjs';
import { withPostgres } from './withPostgres.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const totals = { passed: 0, failed: 0, failures: [] };

function step(name, command, args) {
  process.stdout.write(`\n=== ${name}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    totals.failures.push(name);
  }
  process.stdout.write(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)\n`);
  return ok;
}

/** Runs vitest with a JSON report and adds its counts (`label` prefixes the failure names). */
function vitest(label, args, env = {}) {
  const resultsFile = join(resultsDir, `${label}.json`);
  process.stdout.write(`\n=== ${label}\n`);
  spawnSync(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsFile}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const report = readVitestReport(resultsFile, root);
  totals.passed += report.passed;
  totals.failed += report.failed;
  totals.failures.push(...report.failures.map((name) => `[${label}] ${name}`));
}

const resultsDir = join(root, '.vitest-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

ensureChromium();
// The cluster test (e2e/cluster) balances with nginx; without it that test fails, it never skips.
ensureNginx();

step('lint and format (biome)', 'pnpm', ['run', 'test:lint']);
step('types (tsc, every package)', 'pnpm', ['run', 'test:types']);
const built = step('build (every package)', 'pnpm', ['run', 'build']);
if (built) step('packaging (publint, attw)', 'pnpm', ['run', 'test:build']);

vitest('tests (unit, contract, browser, size; API on embedded PGlite)', [], { LP_BUILT: built ? '1' : '0' });

// DESIGN 6: the same API suite runs against a real PostgreSQL server too.
const postgres = await withPostgres(async (databaseUrl) =>
  vitest('API suite on PostgreSQL', ['--project', 'api'], { TEST_DATABASE_URL: databaseUrl }),
);
if (postgres?.skipped) process.stdout.write(`\nPostgreSQL run skipped: ${postgres.skipped}\n`);

if (totals.failures.length) {
  process.stdout.write('\nFailures:\n');
  for (const name of totals.failures) process.stdout.write(`- ${name}\n`);
}
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(totals.failed === 0 ? 0 : 1);
