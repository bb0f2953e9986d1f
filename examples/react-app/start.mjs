#!/usr/bin/env node
/**
 * Runs this example as an outside user would, from the repository's packed release set:
 *
 *   node examples/react-app/start.mjs           (or `npm start` in this folder)
 *
 * 1. Packs @lp/sdk, @lp/widget and @lp/react into ../../.release/ (`pnpm release:pack`) when a tarball named in
 *    package.json is missing, or always with `--pack`.
 * 2. `npm install` here when node_modules is missing or older than the tarballs (no lockfile: the tarballs change
 *    with every pack).
 * 3. Starts an in-memory shop API that allows the page's origin, unless LP_API_URL names a running one (its
 *    CORS_ORIGINS must list the page's origin, e.g. `CORS_ORIGINS=http://127.0.0.1:4400 pnpm start`).
 * 4. `vite build` with VITE_LP_API set to the API, then `vite preview` on PORT (default 4400; 0 picks a free port).
 *
 * Prints `react-app example: <page URL> (API <url>)`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const host = process.env.HOST || '127.0.0.1';
const stamp = join(here, 'node_modules', '.lp-installed');

/** The caller's environment minus what pnpm or a test runner exported (npm_config_* would configure npm). */
const cleanEnv = (extra = {}) => ({
  ...Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$|TEST$)/i.test(name)),
  ),
  ...extra,
});

function step(label, command, args, options = {}) {
  process.stdout.write(`${label}...\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: cleanEnv(), ...options });
  if (result.status !== 0) {
    process.stderr.write(`${command} ${args.join(' ')} failed (exit ${result.status})\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const { dependencies } = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const tarballs = Object.values(dependencies)
  .filter((spec) => spec.startsWith('file:'))
  .map((spec) => resolve(here, spec.slice('file:'.length)));

// 1. The release set.
if (process.argv.includes('--pack') || tarballs.some((file) => !existsSync(file))) {
  const noBuild = process.env.LP_BUILT === '1' ? ['--no-build'] : [];
  step(
    'Packing the release set (pnpm release:pack)',
    process.execPath,
    ['scripts/releasePack.mjs', ...noBuild],
    {
      cwd: repo,
    },
  );
}

// 2. Install like any project; a newer tarball replaces the installed @lp packages (npm keeps a `file:` package
// whose path has not changed).
const newest = Math.max(...tarballs.map((file) => statSync(file).mtimeMs));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < newest) {
  rmSync(join(here, 'node_modules', '@lp'), { recursive: true, force: true });
  step('Installing (npm install)', 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: here,
  });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

// 3. The page's origin first (the API must allow it), then the API.
function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}
const requested = Number(process.env.PORT ?? 4400);
const port = requested === 0 ? await freePort() : requested;
const pageUrl = `http://${host}:${port}`;

let api;
if (process.env.LP_API_URL) {
  api = { url: process.env.LP_API_URL.replace(/\/+$/, ''), close: async () => {} };
} else {
  if (!existsSync(join(repo, 'packages/api/dist/index.js'))) {
    step('Building @lp/api', 'pnpm', ['--filter', '@lp/api', 'build'], { cwd: repo });
  }
  const { startApi } = await import(pathToFileURL(join(repo, 'packages/api/dist/index.js')).href);
  api = await startApi({ port: 0, host, dataDir: 'memory', rateLimit: false, corsOrigins: [pageUrl] });
}

// 4. Build against that API and serve the build.
step(
  'Building the app (vite build)',
  process.execPath,
  [join(here, 'node_modules/vite/bin/vite.js'), 'build'],
  {
    cwd: here,
    env: cleanEnv({ VITE_LP_API: api.url }),
  },
);
const { preview } = await import('vite');
const server = await preview({ root: here, logLevel: 'warn', preview: { port, host, strictPort: true } });

process.stdout.write(`react-app example: ${pageUrl}/ (API ${api.url})\nPress Ctrl+C to stop.\n`);

async function stop() {
  await Promise.allSettled([server.close(), api.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
