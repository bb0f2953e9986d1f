// Test world of the print editor's browser tests: the editor bundled from source with esbuild, a test page on
// its own origin, the real API (uploads into a temp folder) and headless Chromium.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '@lp/api';
import type { Browser } from 'playwright-core';
import { type StaticServer, launchBrowser, serveStatic } from '../support/browser';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WIDGET_DIR = join(ROOT, 'packages/widget');
const requireFromWidget = createRequire(join(WIDGET_DIR, 'package.json'));

/** Bundles `definePrintEditor()` from source into `outDir/editor.js` (esbuild is a widget dev dependency). */
export async function bundleEditor(outDir: string, minify = false): Promise<void> {
  const esbuild = requireFromWidget('esbuild') as {
    build(options: Record<string, unknown>): Promise<unknown>;
  };
  await esbuild.build({
    stdin: {
      contents: `import { definePrintEditor } from './src/editor/index.ts'; definePrintEditor();`,
      resolveDir: WIDGET_DIR,
      sourcefile: 'editor-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: outDir,
    entryNames: 'editor',
    conditions: ['source', 'browser', 'module'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: 'es2022',
    minify,
    logLevel: 'silent',
  });
  // The font is served beside the bundle and named through the element's font-url attribute.
  copyFileSync(
    requireFromWidget.resolve('@fontsource/rubik/files/rubik-latin-400-normal.woff2'),
    join(outDir, 'rubik.woff2'),
  );
}

export function editorPage(api: string, extraAttributes = ''): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Editor</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="/editor.js"></script>
<style>body { margin: 0; padding: 8px; font-family: sans-serif; }</style></head>
<body><main><lp-print-editor api="${api}" font-url="/rubik.woff2" ${extraAttributes}></lp-print-editor></main>
<script>
  window.__events = [];
  for (const name of ['lp-close', 'lp-error', 'lp-add-to-cart']) {
    document.addEventListener(name, (e) => window.__events.push({ name, detail: JSON.parse(JSON.stringify(e.detail, (k, v) => (v instanceof Error ? String(v) : v))) }));
  }
</script></body></html>`;
}

export interface EditorWorld {
  browser: Browser;
  api: { url: string };
  site: StaticServer;
  close(): Promise<void>;
}

export async function startEditorWorld(options: { minify?: boolean } = {}): Promise<EditorWorld> {
  const outDir = mkdtempSync(join(tmpdir(), 'lp-editor-page-'));
  await bundleEditor(outDir, options.minify);
  const pages: Record<string, string> = {};
  const [site, browser] = await Promise.all([serveStatic(outDir, { pages }), launchBrowser()]);
  const api = await startApi({
    port: 0,
    dataDir: 'memory',
    rateLimit: false,
    corsOrigins: [site.url],
  });
  pages['/'] = editorPage(api.url);
  pages['/index.html'] = pages['/'];
  writeFileSync(join(outDir, 'ready'), 'ok');
  return {
    browser,
    api,
    site,
    async close() {
      await browser.close();
      await api.close();
      await site.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
