// Two builds of the storefront for release tests, without building twice: the built `dist` as the running release,
// and a copy of it as the next one, whose every hashed client file has another name (as a rebuild after a change
// gives it), so a page of the first build asks the second for files it does not have. In front of them one address,
// like nginx's: a release switches it from the old process to the new one.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type StaticServer, listen } from '../support/browser';

const storefrontDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'storefront');
export const BUILT_DIST = join(storefrontDir, 'dist');

/**
 * A copy of `dist` in a temporary folder inside the package's `node_modules` (ignored by git), where the server's
 * render finds the packages it imports, as it does from `dist`.
 */
export function copyBuild(from = BUILT_DIST): string {
  const parent = join(storefrontDir, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  const dist = mkdtempSync(join(parent, 'lp-release-'));
  cpSync(from, dist, { recursive: true });
  return dist;
}

/**
 * A copy of `dist` as the next release: every file in `client/assets` renamed (`app-ChNQ3w8m.js` ->
 * `app-ChNQ3w8mn.js`) and every reference to it in the client files, the Vite manifest and the server's render with
 * it; the precompressed `.br`/`.gz` copies are dropped (the server compresses instead). `drop` names chunks (by their name before the hash,
 * e.g. `ProductPage`) the next release lacks too, for a chunk missing in both builds. Answers the folder.
 */
export function nextRelease(from: string, drop: string[] = []): string {
  const dist = copyBuild(from);
  const assets = join(dist, 'client', 'assets');
  const renamed = new Map<string, string>();
  for (const name of readdirSync(assets)) {
    if (/\.(br|gz)$/.test(name)) {
      rmSync(join(assets, name));
      continue;
    }
    renamed.set(name, name.replace(/(\.\w+)$/, 'n$1'));
  }
  const names = new RegExp([...renamed.keys()].map((name) => name.replace(/[.$]/g, '\\$&')).join('|'), 'g');
  const rewrite = (file: string) =>
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(names, (name) => renamed.get(name) ?? name),
    );
  for (const [name, next] of renamed) {
    if (/\.(js|css|json)$/.test(name)) rewrite(join(assets, name));
    renameSync(join(assets, name), join(assets, next));
  }
  rewrite(join(dist, 'client', '.vite', 'manifest.json'));
  // The server's render names some client files too (the icon sprite's URL).
  for (const entry of readdirSync(join(dist, 'server'), { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.js')) rewrite(join(entry.parentPath, entry.name));
  for (const name of readdirSync(assets))
    if (drop.some((chunk) => name.startsWith(`${chunk}-`))) rmSync(join(assets, name));
  return dist;
}

/** One public address in front of the storefront processes; `target` is where it sends every request now. */
export interface Front extends StaticServer {
  target: string;
}

/** A reverse proxy on a free port to `target` (changed by assigning it: the release switch). */
export async function startFront(target: string): Promise<Front> {
  const front = { target } as Front;
  const server = await listen((req, res) => {
    const to = new URL(req.url ?? '/', front.target);
    const forwarded = request(to, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(forwarded);
  });
  return Object.assign(front, server);
}
