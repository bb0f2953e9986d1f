#!/usr/bin/env node
// Runs after tsup (package.json "build"). dist/browser/sdk.js bundles third-party code (zustand), and the MIT
// licence asks that its notice travel with every copy: the shop serves this file to any page under /sdk/<version>/.
// Writes dist/browser/sdk.js.LICENSE.txt, this package's licence and then that of every package the bundle's source
// map names under node_modules; sdk.js's banner points at it. (esbuild's `legalComments: 'linked'` collects only
// `/*! */` comments, and zustand's code has none.)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const browser = join(root, 'dist', 'browser');
const LICENCE_FILES = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE'];

/** The folders of the packages whose files the source map names: `…/node_modules/<name>/…` (or `@scope/name`). */
function bundledPackages(sources) {
  const dirs = new Set();
  for (const source of sources) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (match) dirs.add(resolve(browser, match[1]));
  }
  return [...dirs].sort();
}

function notice(dir) {
  const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = LICENCE_FILES.find((candidate) => existsSync(join(dir, candidate)));
  if (!file) throw new Error(`${name}@${version} (${license}) has no licence file to ship with sdk.js`);
  return `${name} ${version} (${license})\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`;
}

const { sources } = JSON.parse(readFileSync(join(browser, 'sdk.js.map'), 'utf8'));
const notices = [root, ...bundledPackages(sources)].map(notice);
writeFileSync(join(browser, 'sdk.js.LICENSE.txt'), notices.join(`\n${'-'.repeat(78)}\n\n`));
