#!/usr/bin/env node
// `pnpm --filter @lp/storefront bench`: initial JS per route (gzip) of the built storefront against the budget
// of DESIGN 7, measured from the build; lighthouse.mjs measures the pages in Chromium. Also writes
// .bench/storefront-js.json at the repo root (read by `pnpm bench`).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGET_KB, measureRoutes } from './routeSizes.mjs';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '.bench');
if (!existsSync(join(distDir, 'client', '.vite', 'manifest.json'))) {
  process.stderr.write('Build the storefront first: pnpm --filter @lp/storefront build\n');
  process.exit(1);
}
const rows = measureRoutes(distDir);
const pad = (text, width) => String(text).padEnd(width);
const kb = (value) => value.toFixed(1).padStart(7);
process.stdout.write(`Storefront initial JS per route (gzip -9, KB); budget ${BUDGET_KB} KB\n`);
process.stdout.write(
  `${pad('route', 30)}${'total'.padStart(7)}${'framework'.padStart(11)}${'app'.padStart(7)}  status\n`,
);
for (const row of rows) {
  const status = row.totalKb <= BUDGET_KB ? 'ok' : 'OVER';
  process.stdout.write(
    `${pad(row.route, 30)}${kb(row.totalKb)}${kb(row.frameworkKb).padStart(11)}${kb(row.appKb)}  ${status}\n`,
  );
}
const worst = Math.max(...rows.map((row) => row.totalKb));
process.stdout.write(
  `largest route: ${worst.toFixed(1)} KB; framework chunk (React, React DOM, scheduler, React Router): ${rows[0]?.frameworkKb.toFixed(1)} KB\n`,
);
// A route over budget fails the bench (DESIGN 7: a miss must be visible).
if (worst > BUDGET_KB) process.exitCode = 1;
mkdirSync(benchDir, { recursive: true });
writeFileSync(
  join(benchDir, 'storefront-js.json'),
  `${JSON.stringify({ budgetKb: BUDGET_KB, largestKb: worst, routes: rows }, null, 2)}\n`,
);
