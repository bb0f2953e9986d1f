// CONVENTIONS: examples in docs must run. Every fenced block of every page under docs/ is run or checked as
// ./docsBlocks.ts describes (node scripts against the real API, browser modules and HTML samples in Chromium,
// shell commands resolved, JSON parsed); a block that cannot run carries `no-run: <reason>` in its info string.
// The file prints how many ran, were checked and were skipped.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_SET } from '../../scripts/releasePack.mjs';
import { type ApiHandle, withApi } from '../support/api';
import { launchBrowser, listen, watchProblems } from '../support/browser';
import { type DocBlock, checkShell, markedNoRun, readDocBlocks, readWorkspace } from './docsBlocks';

const root = fileURLToPath(new URL('../..', import.meta.url));
const e2e = fileURLToPath(new URL('..', import.meta.url));
// Node scripts: inside e2e/node_modules so that '@lp/sdk' and '@lp/api' resolve; .mts for top-level await.
const nodeScratch = `${e2e}node_modules/.docs-run`;
// Browser modules: inside @lp/react's node_modules, where '@lp/react', '@lp/widget', 'react' and 'react-dom'
// resolve, and its tsconfig gives the React JSX runtime.
const browserScratch = `${root}packages/react/node_modules/.docs-run`;
const run = promisify(execFile);
const { version: sdkVersion } = JSON.parse(readFileSync(`${root}packages/sdk/package.json`, 'utf8'));

const blocks = readDocBlocks(`${root}docs`);
const workspace = readWorkspace(
  root,
  RELEASE_SET.map((entry: { name: string }) => entry.name),
);
const counts = { ran: 0, checked: 0, skipped: 0 };

// A js block whose first line is a path comment (`// /js/mount-widget.js`) is the file the page's HTML loads.
const assets = new Map<string, string>();
for (const block of blocks) {
  const path = /^\/\/ (\/\S+\.js)\b/.exec(block.code)?.[1];
  if (block.lang === 'js' && block.mode === 'skip' && !markedNoRun(block) && path) {
    assets.set(path, block.code);
    block.reason = `served at ${path} to the HTML of ${block.file.split('/').pop()}`;
  }
}

let api: ApiHandle;
let browser: Browser;
let site: { url: string; close(): Promise<void> };
/** What the site answers besides the SDK and widget builds: pages and bundles of the blocks. */
const served = new Map<string, { type: string; body: string | Uint8Array }>();

/** The docs' example origins, pointed at this test's API and site (which serves /sdk/<version>/ and /widget/). */
function localise(code: string): string {
  return code
    .replaceAll('http://127.0.0.1:4000', api.url)
    .replaceAll('https://api.example.de', api.url)
    .replaceAll('http://127.0.0.1:3000', site.url)
    .replaceAll(/https:\/\/shop\.example(\.de)?/g, site.url);
}

async function startSite(): Promise<typeof site> {
  const sdk = sirv(`${root}packages/sdk/dist/browser`, { dev: true });
  const widget = sirv(`${root}packages/widget/dist`, { dev: true });
  return listen((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const notFound = () => {
      res.statusCode = 404;
      res.end('Not found');
    };
    const page =
      served.get(path) ?? (assets.has(path) ? { type: 'text/javascript', body: assets.get(path)! } : null);
    if (page) {
      res.setHeader('content-type', page.type);
      res.end(page.body);
    } else if (path === '/favicon.ico') {
      res.statusCode = 204;
      res.end();
    } else if (path.startsWith(`/sdk/${sdkVersion}/`)) {
      req.url = path.slice(`/sdk/${sdkVersion}`.length);
      sdk(req, res, notFound);
    } else if (path.startsWith('/widget/')) {
      req.url = path.slice('/widget'.length);
      widget(req, res, notFound);
    } else notFound();
  });
}

/** Opens a page of the site and resolves with every page error, console error and failed response on it. */
async function openPage(path: string): Promise<string[]> {
  const page = await browser.newPage();
  const problems: string[] = [];
  watchProblems(page, problems);
  try {
    // Idle network: the module ran, the elements loaded what they load, and the API calls were answered.
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  } finally {
    await page.close();
  }
  return problems;
}

const fileName = (block: DocBlock) => block.name.replace(/\W+/g, '-');

async function runNode(block: DocBlock) {
  const file = `${nodeScratch}/${fileName(block)}.mts`;
  writeFileSync(file, block.code);
  const { stderr } = await run(process.execPath, ['--conditions=source', '--import', 'tsx', file], {
    cwd: e2e,
    env: { ...process.env, LP_API_URL: api.url },
    // A fresh node with tsx compiling the guide's imports: several seconds on a busy 2-core machine.
    timeout: 45_000,
  });
  expect(stderr).toBe('');
}

async function runBrowser(block: DocBlock) {
  const name = fileName(block);
  const ext = block.lang.endsWith('x') ? 'tsx' : 'ts';
  writeFileSync(`${browserScratch}/${name}.${ext}`, localise(block.code));
  // Exported components render inside a provider on the test's API; a block that renders itself just runs. A
  // block with lp-* tags gets them defined first, as an app does (`defineElements()`), so the elements really run
  // (and a tag that cannot reach the API fails the block).
  const defineTags = /<lp-/.test(block.code)
    ? `import { defineElements } from '@lp/widget';\ndefineElements();\n`
    : '';
  writeFileSync(
    `${browserScratch}/${name}.entry.tsx`,
    `${defineTags}import * as block from './${name}';
import { LpProvider } from '@lp/react';
import { createRoot } from 'react-dom/client';
const components = Object.entries(block).filter(([key, value]) => /^[A-Z]/.test(key) && typeof value === 'function');
if (components.length > 0) {
  const host = document.body.appendChild(document.createElement('div'));
  createRoot(host).render(
    <LpProvider options={{ baseUrl: ${JSON.stringify(api.url)} }}>
      {components.map(([key, Component]) => <Component key={key} />)}
    </LpProvider>,
  );
}
`,
  );
  const bundle = await build({
    entryPoints: [`${browserScratch}/${name}.entry.tsx`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    jsx: 'automatic',
    conditions: ['source'],
    alias: { '@lp/react': `${root}packages/react/src/index.ts` },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  served.set(`/docs/${name}.js`, { type: 'text/javascript', body: bundle.outputFiles[0]!.contents });
  served.set(`/docs/${name}.html`, {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="de"><meta charset="utf-8"><title>${block.name}</title><div id="root"></div><script type="module" src="/docs/${name}.js"></script></html>`,
  });
  expect(await openPage(`/docs/${name}.html`)).toEqual([]);
}

/** The HTML of a block, after the html blocks of its file it `continues`. */
function pageHtml(block: DocBlock): string {
  if (block.info !== 'continues') return block.code;
  const before = blocks.filter((other) => other.file === block.file && other.lang === 'html');
  const previous = before[before.indexOf(block) - 1];
  if (!previous) throw new Error(`${block.name} continues no html block`);
  return `${pageHtml(previous)}\n${block.code}`;
}

async function runHtml(block: DocBlock) {
  const name = fileName(block);
  served.set(`/docs/${name}.html`, {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="de"><meta charset="utf-8"><title>${block.name}</title>${localise(pageHtml(block))}</html>`,
  });
  expect(await openPage(`/docs/${name}.html`)).toEqual([]);
}

beforeAll(async () => {
  for (const built of ['packages/sdk/dist/browser/sdk.js', 'packages/widget/dist/lp-widget.js']) {
    if (!existsSync(`${root}${built}`)) throw new Error(`${built} is missing: run pnpm build first`);
  }
  rmSync(browserScratch, { recursive: true, force: true });
  mkdirSync(browserScratch, { recursive: true });
  mkdirSync(nodeScratch, { recursive: true });
  site = await startSite();
  [api, browser] = await Promise.all([withApi({ corsOrigins: [site.url] }), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api?.close(), site?.close()]);
  const byMode = Object.entries(
    blocks.reduce<Record<string, number>>((tally, block) => {
      tally[block.mode] = (tally[block.mode] ?? 0) + 1;
      return tally;
    }, {}),
  )
    .map(([mode, count]) => `${mode} ${count}`)
    .join(', ');
  console.log(
    `docs code blocks: ${blocks.length} (${byMode}); ran ${counts.ran}, checked ${counts.checked}, skipped ${counts.skipped}:\n${blocks
      .filter((block) => block.mode === 'skip')
      .map((block) => `  ${block.name} (${block.lang}): ${block.reason}`)
      .join('\n')}`,
  );
});

describe('every code block in docs/', () => {
  it('finds the blocks of every guide, and marks each one it cannot run', () => {
    expect(new Set(blocks.map((block) => block.file.split('/docs/')[1])).size).toBeGreaterThanOrEqual(10);
    expect(blocks.filter((block) => block.mode === 'node').length).toBeGreaterThanOrEqual(8);
    const unmarked = blocks.filter(
      (block) => block.mode === 'skip' && !markedNoRun(block) && !block.reason?.startsWith('served at '),
    );
    expect(unmarked.map((block) => `${block.name}: ${block.reason}`)).toEqual([]);
  });

  it.each(blocks.filter((block) => block.mode !== 'skip'))('$mode $name', async (block) => {
    if (block.mode === 'node') await runNode(block);
    else if (block.mode === 'browser') await runBrowser(block);
    else if (block.mode === 'html') await runHtml(block);
    else if (block.mode === 'sh') expect(checkShell(block.code, workspace)).toEqual([]);
    else if (block.mode === 'json') expect(() => JSON.parse(block.code)).not.toThrow();
    else if (block.mode === 'css') {
      const page = await browser.newPage();
      const rules = await page.evaluate((css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        return [...sheet.cssRules].map((rule) => rule.cssText);
      }, block.code);
      await page.close();
      // A rule the browser cannot parse is dropped silently: every block of the sample must survive.
      expect(rules.length).toBe(block.code.match(/\{/g)?.length ?? 0);
    }
    if (block.mode === 'sh' || block.mode === 'json' || block.mode === 'css') counts.checked += 1;
    else counts.ran += 1;
  });

  it('counts the skipped blocks', () => {
    counts.skipped = blocks.filter((block) => block.mode === 'skip').length;
    expect(counts.ran + counts.checked + counts.skipped).toBeLessThanOrEqual(blocks.length);
  });
});
