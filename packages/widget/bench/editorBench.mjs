// Editor benchmarks (DESIGN 7): export of a 6056x300 stage with 30 items at pixel ratio 1 in headless Chromium
// (budget 150 ms), frame time while dragging with 100 items (budget one frame, 16.7 ms), and the gzip size of the
// lazy editor chunk (budget 60 KB). Prints a table and JSON; exits 1 when a budget is broken.
// Run: node packages/widget/bench/editorBench.mjs
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { editorPhotoChunkPlugin, PHOTO_CHUNK_FILE } from '../build/editorPhotoChunk.mjs';

const WIDGET = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(WIDGET, '../..');
const fromWidget = createRequire(join(WIDGET, 'package.json'));
const fromE2e = createRequire(join(ROOT, 'e2e/package.json'));
const esbuild = fromWidget('esbuild');
const { chromium } = fromE2e('playwright-core');

const BUDGET = { exportMs: 150, frameMs: 16.7, chunkGzipKb: 60 };

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
}

/**
 * The lazy chunk as the script-tag build makes it (src/editorChunk.ts, everything bundled, minified), chunked as it
 * ships: the photo code (lp-editor-photo.js, loaded when a picture is picked) is left out and measured on its own.
 */
async function chunkSize() {
  const common = {
    entryPoints: [join(WIDGET, 'src/editorChunk.ts')],
    plugins: [editorPhotoChunkPlugin()],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    conditions: ['source'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: 'es2020',
  };
  const all = await esbuild.build(common);
  const shared = await esbuild.build({ ...common, external: ['preact', 'preact/*', '@lp/sdk', '@lp/sdk/*'] });
  const photo = await esbuild.build({ ...common, entryPoints: [join(WIDGET, 'src/editorPhotoChunk.ts')] });
  const kb = (r) => gzipSync(r.outputFiles[0].contents, { level: 9 }).length / 1024;
  const distKb = (file) => {
    const path = join(WIDGET, 'dist', file);
    return existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length / 1024 : null;
  };
  return {
    standaloneGzipKb: kb(all),
    withoutPreactAndSdkGzipKb: kb(shared),
    photoGzipKb: kb(photo),
    distGzipKb: distKb('lp-editor.js'),
    distPhotoGzipKb: distKb(PHOTO_CHUNK_FILE),
  };
}

async function browserFigures() {
  const dir = mkdtempSync(join(tmpdir(), 'lp-editor-bench-'));
  await esbuild.build({
    entryPoints: [join(WIDGET, 'bench/editorBenchEntry.ts')],
    bundle: true,
    format: 'esm',
    outfile: join(dir, 'bench.js'),
    conditions: ['source', 'browser'],
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body style="margin:0"><div id="stage" style="width:1200px"></div><script type="module" src="/bench.js"></script></body></html>',
  );
  const server = createServer((req, res) => {
    const file = join(dir, req.url === '/' ? 'index.html' : req.url.slice(1));
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    await page.goto(url);
    await page.waitForFunction(() => window.editorBench);
    const exp = await page.evaluate(() => window.editorBench.exportTimes(30, 15));

    const target = await page.evaluate(() => {
      window.stageBench = window.editorBench.mountStage(100);
      return window.stageBench.target;
    });
    const box = await page.locator('#stage').boundingBox();
    const sx = box.x + target.x * target.scale;
    const sy = box.y + target.y * target.scale;
    await page.mouse.move(sx, sy);
    await page.mouse.down();
    await page.evaluate(() => window.stageBench.start());
    for (let i = 1; i <= 120; i++) await page.mouse.move(sx + (i % 60) * 6, sy + (i % 2), { steps: 1 });
    await page.mouse.up();
    const frames = await page.evaluate(() => window.stageBench.stop());
    const drawMs = await page.evaluate(() => window.stageBench.draws());
    return { exportMs: stats(exp.times), pngBytes: exp.bytes, frameMs: stats(frames.slice(2)), drawMs };
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const size = await chunkSize();
const browser = await browserFigures();
const rows = [
  [
    'export 6056x300, 30 items, pixel ratio 1 (median / p95)',
    `${browser.exportMs.median.toFixed(1)} / ${browser.exportMs.p95.toFixed(1)} ms`,
    `${BUDGET.exportMs} ms`,
  ],
  [
    'drag with 100 items: frame interval (median / p95)',
    `${browser.frameMs.median.toFixed(1)} / ${browser.frameMs.p95.toFixed(1)} ms`,
    `${BUDGET.frameMs} ms`,
  ],
  ['drag with 100 items: one layer redraw', `${browser.drawMs.toFixed(2)} ms`, '-'],
  [
    'editor chunk gzip, standalone (Preact + SDK inside)',
    `${size.standaloneGzipKb.toFixed(1)} KB`,
    `${BUDGET.chunkGzipKb} KB`,
  ],
  [
    'editor chunk gzip, Preact + SDK shared with the widget',
    `${size.withoutPreactAndSdkGzipKb.toFixed(1)} KB`,
    `${BUDGET.chunkGzipKb} KB`,
  ],
  ['photo code, loaded when a picture is picked, gzip', `${size.photoGzipKb.toFixed(1)} KB`, '-'],
  [
    'dist/lp-editor.js gzip (last build)',
    size.distGzipKb === null ? 'not built' : `${size.distGzipKb.toFixed(1)} KB`,
    '-',
  ],
  [
    `dist/${PHOTO_CHUNK_FILE} gzip (last build)`,
    size.distPhotoGzipKb === null ? 'not built' : `${size.distPhotoGzipKb.toFixed(1)} KB`,
    '-',
  ],
];
const width = Math.max(...rows.map((r) => r[0].length));
console.log(`${'editor benchmark'.padEnd(width)}  value            budget`);
for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)}  ${value.padEnd(16)} ${budget}`);
const result = { ...browser, size };
console.log(JSON.stringify(result));
const broken =
  browser.exportMs.median > BUDGET.exportMs ||
  browser.frameMs.p95 > BUDGET.frameMs * 2 ||
  size.withoutPreactAndSdkGzipKb > BUDGET.chunkGzipKb;
process.exitCode = broken ? 1 : 0;
