import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_SCRIPT_ID, serializeJsonForScript } from '../src/app/bootData';
import type { RenderResult } from '../src/renderTypes';
import { renderHeadHtml } from '../src/seo/pageHead';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Files a chunk needs first: itself and its static imports (deduplicated), plus their styles. */
export function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The whole page around the rendered app: head, styles, preloads, boot data, the entry script. */
export function renderPage(page: Extract<RenderResult, { kind: 'page' }>, manifest: Manifest): string {
  const entry = chunkFiles(manifest, CLIENT_ENTRY);
  const routeFiles = page.modules.map((module) => chunkFiles(manifest, module));
  const css = new Set([...entry.css, ...routeFiles.flatMap((f) => f.css)]);
  const preload = new Set([...entry.js.slice(1), ...routeFiles.flatMap((f) => f.js)]);
  const entryFile = entry.js[0];
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b3d91">
${renderHeadHtml(page.head)}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${[...css].map((file) => `<link rel="stylesheet" href="/${attr(file)}">`).join('\n')}
${[...preload].map((file) => `<link rel="modulepreload" href="/${attr(file)}">`).join('\n')}
</head>
<body${page.hideTemplate ? ' class="template-hidden"' : ''}>
<div id="root">${page.html}</div>
<script id="${BOOT_SCRIPT_ID}" type="application/json">${serializeJsonForScript(page.boot)}</script>
${entryFile ? `<script type="module" src="/${attr(entryFile)}"></script>` : ''}
</body>
</html>`;
}
