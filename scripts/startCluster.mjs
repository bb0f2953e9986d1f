#!/usr/bin/env node
// `pnpm start:cluster`: the scale-out topology of docs/learn/run-in-production.md on one machine. A throwaway
// PostgreSQL cluster (or DATABASE_URL), 2 API processes, 2 storefront processes and nginx in front of both kinds;
// the dealer example on a further origin. Everything listens on 127.0.0.1 on free ports; Ctrl+C stops it all and
// deletes the temp dir. Builds first (LP_SKIP_BUILD=1 skips it).
//
//   import { startCluster } from './startCluster.mjs';
//   const cluster = await startCluster();   // { shopUrl, apiUrl, dealerUrl, processes, close() }
//
// nginx names the process that answered in a response header (X-Lp-Api-Instance: api-2,
// X-Lp-Shop-Instance: shop-1), so a test or an operator sees the load being spread.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clusterSummary } from './cluster/clusterSummary.mjs';
import { HOST, startProcess, stopProcess, waitUntilServing } from './cluster/clusterProcesses.mjs';
import { holdPostgres } from './cluster/holdPostgres.mjs';
import { nginxConf } from './cluster/nginxConf.mjs';
import { ensureNginx } from './ensureNginx.mjs';
import { freePort } from './freePort.mjs';
import { serveDealerSite } from './serveDealerSite.mjs';

// What the tests and `pnpm bench:api` take from here (types: startCluster.d.mts); the parts live in scripts/cluster/.
export { freePort };
export { nginxConf, nginxUpstream } from './cluster/nginxConf.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const API_CLI = join(root, 'packages/api/dist/cli.js');
const STOREFRONT_MAIN = join(root, 'packages/storefront/dist/server/main.js');

/**
 * Starts the topology and answers its URLs and `close()`. Expects the packages built (the CLI builds them).
 * Options: `apis` and `shops` (process counts, default 2), `databaseUrl` (default env DATABASE_URL, else a
 * throwaway cluster), `env` (extra environment for every API and storefront process), `echo` (print the
 * processes' output; default false: it is kept and shown when a process fails to start), `report` (told when a
 * process dies while the cluster runs; default stderr), `signals` (false: the caller stops the cluster on Ctrl+C;
 * default true: the throwaway database removes itself on a signal).
 */
export async function startCluster(options = {}) {
  const apiCount = options.apis ?? 2;
  // A process that dies while the cluster runs is said at once (nginx then sends its requests to the others).
  const report = options.report ?? ((line) => process.stderr.write(`${line}\n`));
  const shopCount = options.shops ?? 2;
  const echo = options.echo ?? false;
  const extraEnv = options.env ?? {};
  const nginxBin = ensureNginx();
  if (!nginxBin)
    throw new Error('nginx is not installed and could not be installed (apt-get install nginx).');

  const dir = mkdtempSync(join(tmpdir(), 'lp-cluster-'));
  const procs = [];
  let postgres = null;
  let dealer = null;
  let closed = false;
  const killNow = () => {
    for (const proc of procs) proc.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // A dying parent (vitest worker, process.exit) must not leave the processes behind.
  process.on('exit', killNow);

  async function close() {
    if (closed) return;
    closed = true;
    await dealer?.close();
    // nginx first (no new requests), then the storefronts, then the APIs, then the database.
    const byKind = (prefix) => procs.filter((p) => p.name.startsWith(prefix));
    await Promise.all(byKind('nginx').map((p) => stopProcess(p)));
    await Promise.all(byKind('shop').map((p) => stopProcess(p)));
    await Promise.all(byKind('api').map((p) => stopProcess(p)));
    await postgres?.stop();
    process.off('exit', killNow);
    rmSync(dir, { recursive: true, force: true });
  }

  /** Starts a process of the topology and watches it: an exit before close() is reported. */
  const launch = (name, argv, env) => {
    const proc = startProcess(name, argv, env, { echo });
    procs.push(proc);
    proc.exited.then(({ code, signal }) => {
      if (closed) return;
      const others =
        name === 'nginx' ? 'nothing is served any more' : 'nginx sends its requests to the others';
      report(`[cluster] ${name} (pid ${proc.child.pid}) exited (${signal ?? `code ${code}`}); ${others}.`);
    });
    return proc;
  };

  try {
    const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL?.trim();
    if (!databaseUrl) postgres = await holdPostgres(options.signals ?? true);
    const dbUrl = databaseUrl || postgres.databaseUrl;

    const [shopPort, apiPort, internalApiPort, dealerPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const shopUrl = `http://${HOST}:${shopPort}`;
    const apiUrl = `http://${HOST}:${apiPort}`;
    const internalApiUrl = `http://${HOST}:${internalApiPort}`;
    const dealerUrl = `http://${HOST}:${dealerPort}`;
    const apis = [];
    for (let i = 1; i <= apiCount; i++) apis.push({ name: `api-${i}`, port: await freePort() });
    const shops = [];
    for (let i = 1; i <= shopCount; i++) shops.push({ name: `shop-${i}`, port: await freePort() });

    // The storefronts' /api proxy sends this secret in X-LP-Proxy-Secret with the shopper's address; nginx's
    // internal listener passes that address on only with the right secret, and the API honours it only with the
    // secret too. In production set it yourself: the same value on every API and storefront process and in nginx.
    const proxySecret = process.env.LP_PROXY_SECRET || randomBytes(24).toString('base64url');
    // It goes into nginx.conf as a quoted string.
    if (!/^[\w.~+/=-]{16,}$/.test(proxySecret))
      throw new Error('LP_PROXY_SECRET must be at least 16 characters of A-Z a-z 0-9 . _ ~ + / = -.');
    // The dealer page's origin is allowed through its dealer registration (below), not through CORS_ORIGINS.
    const corsOrigins = shopUrl;
    const apiEnv = {
      DATABASE_URL: dbUrl,
      HOST,
      PUBLIC_URL: apiUrl,
      CORS_ORIGINS: corsOrigins,
      // The API's peer is always nginx, which sets X-Forwarded-For: trust that address only (in production
      // nginx's private address), never a hop count, which would trust whoever connects.
      TRUST_PROXY: HOST,
      LP_PROXY_SECRET: proxySecret,
      UPLOAD_DIR: join(dir, 'uploads'),
      ...extraEnv,
    };
    // The first API migrates and seeds the database; the others start on a ready schema.
    for (const api of apis) {
      const proc = launch(
        api.name,
        // V8's young generation sized for full carts' answers (docs/learn/run-in-production.md).
        [process.execPath, '--max-semi-space-size=32', API_CLI],
        {
          ...apiEnv,
          PORT: String(api.port),
        },
      );
      // Ready: migrated, and its database answers.
      await waitUntilServing(proc, `http://${HOST}:${api.port}/health/ready`);
    }
    // The dealer example's tag carries data-dealer="autohaus-muster": register it as an operator would, on the
    // database the APIs share (the first API has migrated it); every API process reads its origin from there.
    const registration = spawnSync(
      process.execPath,
      [
        API_CLI,
        'dealer',
        'add',
        '--id',
        'autohaus-muster',
        '--name',
        'Autohaus Muster (Beispiel)',
        '--origin',
        dealerUrl,
      ],
      { env: { ...process.env, DATABASE_URL: dbUrl }, encoding: 'utf8' },
    );
    if (registration.status !== 0) throw new Error(`dealer add failed: ${registration.stderr}`);
    const confDir = join(dir, 'nginx');
    for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
      mkdirSync(join(confDir, sub), { recursive: true });
    }
    // As root nginx would run its workers as `nobody`, who cannot write to this private dir: keep our user.
    const user = process.getuid?.() === 0 ? userInfo().username : null;
    const conf = join(confDir, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConf({ dir: confDir, user, shopPort, apiPort, internalApiPort, apis, shops, proxySecret }),
      { mode: 0o600 },
    );
    const test = spawnSync(
      nginxBin,
      ['-t', '-q', '-p', confDir, '-e', join(confDir, 'error.log'), '-c', conf],
      {
        encoding: 'utf8',
      },
    );
    if (test.status !== 0) throw new Error(`nginx rejected its configuration:\n${test.stderr}`);
    const nginx = launch(
      'nginx',
      [nginxBin, '-p', confDir, '-e', join(confDir, 'error.log'), '-c', conf],
      {},
    );
    await Promise.all([
      waitUntilServing(nginx, `${apiUrl}/health/ready`),
      waitUntilServing(nginx, `${internalApiUrl}/health/ready`),
    ]);
    // The storefronts resolve the company through the API at start-up, so they start once nginx serves it.
    for (const shop of shops) {
      launch(shop.name, [process.execPath, STOREFRONT_MAIN], {
        HOST,
        PORT: String(shop.port),
        // Server-side calls and the /api proxy go to the API's load balancer (internal listener), not to
        // one API process: a storefront then survives the loss of either API process.
        API_URL: internalApiUrl,
        LP_SITE_URL: shopUrl,
        LP_PROXY_SECRET: proxySecret,
        // The storefront's peer is nginx: it names the shopper from nginx's X-Forwarded-For, so each shopper
        // has their own limits at the API.
        TRUST_PROXY: HOST,
        ...extraEnv,
      });
    }
    await Promise.all(
      procs
        .filter((p) => p.name.startsWith('shop'))
        .map((proc, i) => waitUntilServing(proc, `http://${HOST}:${shops[i].port}/health/ready`)),
    );

    await waitUntilServing(nginx, `${shopUrl}/health/ready`);

    dealer = await serveDealerSite({ root, host: HOST, port: dealerPort, apiUrl, shopUrl });

    return {
      shopUrl,
      apiUrl,
      internalApiUrl,
      dealerUrl,
      databaseUrl: dbUrl,
      dir,
      nginxConf: conf,
      processes: [
        ...apis.map((a) => ({ name: a.name, url: `http://${HOST}:${a.port}` })),
        ...shops.map((s) => ({ name: s.name, url: `http://${HOST}:${s.port}` })),
      ].map((p) => ({ ...p, pid: procs.find((proc) => proc.name === p.name)?.child.pid })),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

async function main() {
  if (process.env.LP_SKIP_BUILD !== '1') {
    process.stdout.write('Building the packages (set LP_SKIP_BUILD=1 to skip)...\n');
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // Ctrl+C, SIGTERM and a closed terminal (SIGHUP: nginx would take it for "reload" and outlive us) stop the
  // cluster in order: nginx, storefronts, APIs, then the database. During the start-up the process just exits: its
  // exit handlers kill what started and remove the temp folders and the database.
  let cluster = null;
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    if (!cluster) process.exit(1);
    cluster.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, shutdown);
  process.stdout.write('Starting PostgreSQL, 2 API processes, 2 storefront processes and nginx...\n');
  cluster = await startCluster({ echo: process.env.LP_CLUSTER_QUIET !== '1', signals: false });
  process.stdout.write(clusterSummary(cluster));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
