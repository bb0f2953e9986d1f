#!/usr/bin/env node
// `pnpm bench`: every benchmark and size check of DESIGN 7 in one run, then ONE summary table of the key figures
// against their budgets. Builds first (LP_SKIP_BUILD=1 skips it). Each part writes its figures to .bench/*.json
// (gitignored); .bench/summary.json holds the table. Exits non-zero when a part fails (a crash, or a part that
// enforces its budgets: size tests, API errors, editor budgets) or when any figure in the table is over its budget.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureChromium } from './ensureChromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, '.bench');
const KB = 1024;
const parts = [];

/** Runs a command, echoing its output, and returns { ok, output }. */
function run(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}\n$ ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const echo = (stream) => (chunk) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      parts.push({ name, ok, seconds });
      process.stdout.write(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${code})`} (${seconds} s)\n`);
      resolve({ ok, output });
    });
  });
}

function save(file, data) {
  writeFileSync(join(benchDir, file), `${JSON.stringify(data, null, 2)}\n`);
}

function readJson(file) {
  const path = join(benchDir, file);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes from captured output
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** SDK sizes from the size test's `[size] src/index.ts: 123 B min, 456 B min+gzip (budget 6144 B)` lines. */
function parseSdkSizes(output) {
  const sizes = {};
  for (const m of plain(output).matchAll(
    /\[size\] (\S+): (\d+) B min, (\d+) B min\+gzip \(budget (\d+) B\)/g,
  )) {
    sizes[m[1]] = { min: Number(m[2]), gzip: Number(m[3]), budget: Number(m[4]) };
  }
  return sizes;
}

/** Gzip sizes of the widget's script-tag files, read from its dist (what the widget size test checks). */
function widgetSizes() {
  const dist = join(root, 'packages/widget/dist');
  const sizes = {};
  for (const file of ['lp-widget.js', 'lp-loader.js', 'lp-editor.js', 'lp-editor-photo.js', 'lp-plates.js']) {
    const path = join(dist, file);
    if (existsSync(path)) sizes[file] = gzipSync(readFileSync(path), { level: 9 }).length;
  }
  return sizes;
}

/** Rows of the API load test's console.table, keyed by endpoint. */
function parseConsoleTable(output) {
  const lines = plain(output)
    .split('\n')
    .filter((line) => line.startsWith('│'));
  const cells = (line) =>
    line
      .split('│')
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^'(.*)'$/, '$1'));
  const [header, ...rows] = lines.map(cells);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((key, i) => [key, row[i]])));
}

function parseApi(output) {
  const rows = parseConsoleTable(output);
  const pick = (store, endpoint) => {
    const row = rows.find((r) => r.store === store && r.endpoint === endpoint);
    if (!row) return null;
    return {
      reqPerS: Number(row['req/s']),
      p99Ms: Number(row['p99 ms']),
      cpuUs: Number(row['CPU us/req']),
      errors: Number(row.errors) + Number(row['non-2xx']),
    };
  };
  const ratio = /add into a 100-line cart vs a 1-line cart: ([\d.]+)x/.exec(plain(output));
  return {
    bare: pick('-', 'bare Fastify route'),
    getCart: pick('PostgreSQL, 2 APIs (nginx)', 'GET getCart'),
    addCartItem: pick('PostgreSQL, 2 APIs (nginx)', 'POST addCartItem'),
    bigCartRatio: ratio ? Number(ratio[1]) : null,
  };
}

/** The editor bench prints a JSON line last. */
function parseLastJson(output) {
  const line = plain(output)
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('{'));
  try {
    return line ? JSON.parse(line) : null;
  } catch {
    return null;
  }
}

const fmt = (value, digits = 1, unit = '') =>
  value === null || value === undefined || Number.isNaN(value) ? 'n/a' : `${value.toFixed(digits)}${unit}`;

function summaryRows() {
  const rows = [];
  const add = (figure, value, budget, ok) =>
    rows.push({ figure, value, budget, status: ok === null ? 'n/a' : ok ? 'ok' : 'OVER' });
  const known = (v) => v !== null && v !== undefined && !Number.isNaN(v);

  const sizes = readJson('sizes.json') ?? {};
  for (const [entry, label] of [
    ['src/index.ts', 'SDK everything, min+gzip'],
    ['src/cart.ts', 'SDK cart-only, min+gzip'],
  ]) {
    const s = sizes.sdk?.[entry];
    add(
      label,
      s ? `${fmt(s.gzip / KB, 2)} KB` : 'n/a',
      s ? `${fmt(s.budget / KB, 0)} KB` : '-',
      s ? s.gzip <= s.budget : null,
    );
  }
  for (const [file, label, budget] of [
    ['lp-widget.js', 'widget initial script lp-widget.js, gzip', 20],
    ['lp-loader.js', 'widget loader lp-loader.js, gzip', 1],
    ['lp-editor.js', 'editor chunk lp-editor.js, gzip', 60],
  ]) {
    const b = sizes.widget?.[file];
    add(label, known(b) ? `${fmt(b / KB, 2)} KB` : 'n/a', `${budget} KB`, known(b) ? b <= budget * KB : null);
  }
  // Loaded by lp-editor.js only when a picture is picked (session 26): no budget of its own.
  const photo = sizes.widget?.['lp-editor-photo.js'];
  add(
    'editor photo chunk lp-editor-photo.js (on a pick), gzip',
    known(photo) ? `${fmt(photo / KB, 2)} KB` : 'n/a',
    '-',
    null,
  );
  const js = readJson('storefront-js.json');
  if (js) {
    const worst = js.routes.reduce((a, b) => (b.totalKb > a.totalKb ? b : a));
    add(
      `storefront initial JS, largest route (${worst.route})`,
      `${fmt(worst.totalKb)} KB`,
      `${js.budgetKb} KB`,
      worst.totalKb <= js.budgetKb,
    );
  } else add('storefront initial JS, largest route', 'n/a', '105 KB', null);

  const lh = readJson('lighthouse.json');
  for (const r of lh?.routes ?? []) {
    if (r.missing) {
      add(`Lighthouse ${r.name}`, `not measured (${r.missing})`, 'measured', false);
      continue;
    }
    const b = lh.budgets;
    const value = `perf ${r.performance}, a11y ${r.accessibility}, LCP ${fmt(r.lcpS, 2)} s, CLS ${fmt(r.cls, 3)}, TBT ${fmt(r.tbtMs, 0)} ms`;
    const failed = Object.entries(r.pass ?? {})
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    rows.push({
      figure: `Lighthouse mobile ${r.name}${r.budgeted ? '' : ' (extra route)'}`,
      value,
      budget: `perf ${b.performance}+, a11y ${b.accessibility}, LCP < ${b.lcpS} s, CLS < ${b.cls}, TBT < ${b.tbtMs} ms`,
      status: failed.length ? `OVER: ${failed.join(', ')}` : 'ok',
    });
  }
  if (!lh) add('Lighthouse mobile', 'n/a', 'perf 95+, a11y 100, LCP < 2 s, CLS < 0.02, TBT < 200 ms', null);

  // Issue 12: the dealer example page (two generators, banner, cart badge, under the guide's CSP).
  const dealer = readJson('dealer-lighthouse.json');
  if (dealer?.pass) {
    const failed = Object.entries(dealer.pass)
      .filter(([, ok]) => !ok)
      .map(([k]) => k);
    rows.push({
      figure: 'Lighthouse mobile dealer page',
      value: `perf ${dealer.performance}, CLS ${fmt(dealer.cls, 3)}, TBT ${fmt(dealer.tbtMs, 0)} ms`,
      budget: 'perf 98+, CLS 0, TBT <= 50 ms',
      status: failed.length ? `OVER: ${failed.join(', ')}` : 'ok',
    });
  } else add('Lighthouse mobile dealer page', 'n/a', 'perf 98+, CLS 0, TBT <= 50 ms', null);

  const api = readJson('api.json');
  for (const [key, budgetUs] of [
    ['getCart', 600],
    ['addCartItem', 900],
  ]) {
    const a = api?.[key];
    add(
      `API ${key}, 64 connections, PostgreSQL, 2 processes behind nginx`,
      a
        ? `${a.reqPerS} req/s, p99 ${a.p99Ms} ms, ${a.cpuUs} us CPU/req (API + PostgreSQL), ${a.errors} errors`
        : 'n/a',
      `p99 < 50 ms, <= ${budgetUs} us CPU/req, 0 errors`,
      a ? a.p99Ms < 50 && a.cpuUs <= budgetUs && a.errors === 0 : null,
    );
  }
  const ratio = api?.bigCartRatio;
  add(
    'API add into a 100-line cart vs a 1-line cart (CPU)',
    known(ratio) ? `${ratio}x` : 'n/a',
    '<= 1.2x',
    known(ratio) ? ratio <= 1.2 : null,
  );
  const editor = readJson('editor.json');
  const exp = editor?.exportMs?.median;
  add(
    'editor export 6056x300 PNG (median)',
    known(exp) ? `${fmt(exp)} ms` : 'n/a',
    '150 ms',
    known(exp) ? exp < 150 : null,
  );
  const frame = editor?.frameMs?.p95;
  add(
    'editor drag frame interval (p95)',
    known(frame) ? `${fmt(frame)} ms` : 'n/a',
    '16.7 ms (fails over 2 frames)',
    known(frame) ? frame <= 16.7 * 2 : null,
  );
  return rows;
}

function printTable(rows) {
  const cols = ['figure', 'value', 'budget', 'status'];
  const width = Object.fromEntries(
    cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => String(r[c]).length))]),
  );
  const line = (r) =>
    cols
      .map((c) => String(r[c]).padEnd(width[c]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(Object.fromEntries(cols.map((c) => [c, c])))}\n`);
  process.stdout.write(`${cols.map((c) => '-'.repeat(width[c])).join('  ')}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
}

mkdirSync(benchDir, { recursive: true });
// Figures of an earlier run must not pass for this run's when a part fails to write them.
for (const file of [
  'sizes',
  'storefront-js',
  'lighthouse',
  'dealer-lighthouse',
  'api',
  'editor',
  'summary',
]) {
  rmSync(join(benchDir, `${file}.json`), { force: true });
}
const load = loadavg().map((l) => l.toFixed(2));
process.stdout.write(
  `pnpm bench: Node ${process.version}, ${cpus().length} CPUs, load average ${load.join(' ')}\n`,
);
ensureChromium();

if (process.env.LP_SKIP_BUILD !== '1') {
  const build = await run('build (every package)', 'pnpm', ['run', 'build']);
  if (!build.ok) {
    process.stderr.write('The build failed: no benchmark can run on it.\n');
    process.exit(1);
  }
}

const sizeRun = await run('size checks (SDK, widget, storefront)', 'pnpm', [
  'exec',
  'vitest',
  'run',
  'packages/sdk/__tests__/size.test.ts',
  'packages/widget/__tests__/size.test.ts',
  'packages/storefront/__tests__/routeSizes.test.ts',
]);
save('sizes.json', { sdk: parseSdkSizes(sizeRun.output), widget: widgetSizes(), testsPassed: sizeRun.ok });

await run('storefront initial JS per route', 'pnpm', ['--filter', '@lp/storefront', 'bench']);
await run('storefront Lighthouse (mobile, simulated throttling)', 'node', [
  'packages/storefront/bench/lighthouse.mjs',
]);
await run('dealer page Lighthouse (mobile, simulated throttling)', 'node', [
  'packages/widget/bench/dealerLighthouse.mjs',
]);

const apiRun = await run('API load test', 'pnpm', ['--filter', '@lp/api', 'bench']);
save('api.json', { ...parseApi(apiRun.output), ok: apiRun.ok });

const editorRun = await run('editor bench', 'node', ['packages/widget/bench/editorBench.mjs']);
const editor = parseLastJson(editorRun.output);
save('editor.json', { ...(editor ?? {}), ok: editorRun.ok });

const rows = summaryRows();
const endLoad = loadavg().map((l) => l.toFixed(2));
save('summary.json', {
  measuredAt: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: { start: load, end: endLoad },
  parts,
  rows,
});
process.stdout.write(
  `\n=== summary (load average at start ${load.join(' ')}, at end ${endLoad.join(' ')})\n`,
);
printTable(rows);
process.stdout.write(`\nparts: ${parts.map((p) => `${p.name} ${p.ok ? 'ok' : 'FAILED'}`).join('; ')}\n`);
process.stdout.write(`figures: ${join(benchDir, '*.json')}\n`);
// A budget over its goal fails the run as much as a crashed part does (a miss must be visible).
const over = rows.filter((row) => row.status.startsWith('OVER'));
if (over.length > 0) process.stdout.write(`over budget: ${over.map((row) => row.figure).join('; ')}\n`);
process.exitCode = parts.every((p) => p.ok) && over.length === 0 ? 0 : 1;
