// Runs after tsup (package.json "build"): writes dist/manifest.json, the published list of the script-tag files
// with their Subresource Integrity hashes (sha384, as browsers check `integrity`). The shop serves it at
// /widget/<version>/manifest.json and /widget/manifest.json (packages/storefront/server/widgetRoutes.ts), and
// serves no other file of dist/ under /widget/.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { integrityOf } from '../../../scripts/releaseRecord.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** What a page loads from the shop: the tag, the loader stub, the lazy chunks and the editor's font. */
const SCRIPT_TAG_FILES = [
  'lp-widget.js',
  'lp-loader.js',
  'lp-plates.js',
  'lp-editor.js',
  'lp-editor-photo.js',
  'rubik-latin-400-normal.woff2',
  'rubik-OFL-1.1.txt',
];

const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// window.LpWidget.version and the URL folder must agree.
const source = readFileSync(join(root, 'src', 'version.ts'), 'utf8');
if (!source.includes(`'${version}'`)) {
  throw new Error(`src/version.ts does not say ${version} (package.json): update WIDGET_VERSION`);
}

const files = {};
for (const file of SCRIPT_TAG_FILES) {
  const body = readFileSync(join(dist, file));
  files[file] = {
    integrity: integrityOf(body),
    bytes: body.length,
  };
}
const manifest = { name, version, entry: 'lp-widget.js', path: `/widget/${version}/`, files };
writeFileSync(join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
